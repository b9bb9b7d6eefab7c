import type { Variation, VariationsResponse } from '@bosun/shared';
import { Alert, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconDeviceFloppy, IconSparkles, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Hint } from '../../../components/ui/hint';
import { notify } from '../../../components/ui/notify';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-errors';
import { useSettings } from '../../settings';
import { useUpdateVariations } from '../api/update-variations';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard';
import { useVariationGrid } from '../hooks/use-variation-grid';
import { cellError, rowMessagesFromFields, type CellDraft, type GridField } from '../model/variation-grid';
import { GenerateModal } from './generate-modal';
import { SelectionBar } from './selection-bar';
import { VariationsGrid, type GridActions } from './variations-grid';
import { formatCount, plural, wasWere } from '../../../lib/format';

/** Whether focus is in a field that has its own undo (Ctrl+Z there undoes typing, not a grid edit). */
const isTextEntry = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable);

/**
 * The grid with its edits: Save writes every changed row in one request, Undo takes back the last
 * edit, Discard all of them; the selection's bulk actions sit above it.
 */
export function VariationsEditor({ data }: { data: VariationsResponse }) {
  const productId = data.product.id;
  const grid = useVariationGrid(data.variations);
  const save = useUpdateVariations();
  const settings = useSettings();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [generating, setGenerating] = useState(false);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const dirty = grid.changedRows > 0;
  useUnsavedChangesGuard(dirty, `Changes to ${plural(grid.changedRows, 'variation')} are`);

  // Rows deleted (here or elsewhere) leave the selection.
  useEffect(() => {
    setSelected((current) => {
      const kept = [...current].filter((id) => grid.byId.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [grid.byId]);

  const invalidCells = useMemo(
    () =>
      Object.values(grid.state.edits).reduce(
        (n, row) => n + (Object.entries(row) as [GridField, CellDraft][]).filter(([field, draft]) => cellError(field, draft)).length,
        0,
      ),
    [grid.state.edits],
  );
  const problemRows = Object.keys(grid.rowMessages).length;
  const hasProblem = useCallback(
    (v: Variation) =>
      Boolean(grid.rowMessages[v.id]) || (Object.entries(grid.state.edits[v.id] ?? {}) as [GridField, CellDraft][]).some(([f, d]) => cellError(f, d)),
    [grid.rowMessages, grid.state.edits],
  );
  const showOnlyProblems = onlyProblems && (problemRows > 0 || invalidCells > 0);
  const rows = useMemo(() => (showOnlyProblems ? data.variations.filter(hasProblem) : data.variations), [showOnlyProblems, data.variations, hasProblem]);

  // The grid's callbacks read the latest rows through a ref, so rows need not re-render when they change.
  const latest = useRef({ rows, grid });
  latest.current = { rows, grid };
  const actions = useMemo<GridActions>(
    () => ({
      commit: (id, field, value) => latest.current.grid.change([{ id, field, value }]),
      pasteColumn: (index, field, values) => {
        const { pasted, cutOff } = latest.current.grid.paste(latest.current.rows, index, field, values);
        const message = `Pasted ${plural(pasted, 'cell')}`;
        if (cutOff) notify.warning(`${message}; ${plural(cutOff, 'value')} ${wasWere(cutOff)} cut off past the last row`);
        else notify.success(message);
      },
      toggle: (id, on) =>
        setSelected((current) => {
          const next = new Set(current);
          if (on) next.add(id);
          else next.delete(id);
          return next;
        }),
    }),
    [],
  );

  // Ctrl/Cmd+Z outside a field takes back the last grid edit.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'z' && !isTextEntry(event.target)) {
        event.preventDefault();
        latest.current.grid.undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const submit = async () => {
    const built = grid.buildBody();
    if (!built.body) {
      notify.error(`${plural(built.invalid.length, 'cell has a problem', 'cells have problems')}: correct ${built.invalid.length === 1 ? 'it' : 'them'} before saving`);
      return;
    }
    if (!built.body.variations.length) return;
    try {
      const { message } = await save.mutateAsync({ productId, body: built.body });
      grid.discard();
      setOnlyProblems(false);
      notify.success(message);
    } catch (error) {
      const fields = isApiError(error) ? ((error.details as { fields?: Record<string, string> } | undefined)?.fields ?? {}) : {};
      grid.setRowMessages(rowMessagesFromFields(fields, built.body));
      notify.error(errorMessage(error, 'The variations could not be saved'));
    }
  };

  const selectedIds = useMemo(() => data.variations.filter((v) => selected.has(v.id)).map((v) => v.id), [data.variations, selected]);

  return (
    <Card withBorder padding="md" component="section" aria-label="Variations grid">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            Variations ({formatCount(data.variations.length)})
          </Title>
          <Group gap="xs">
            <Button variant="light" leftSection={<IconSparkles size={16} />} onClick={() => setGenerating(true)}>
              Generate variations
            </Button>
            <Hint label={grid.canUndo ? 'Undo the last edit (Ctrl+Z)' : 'No edit to undo yet'}>
              <Button variant="default" leftSection={<IconArrowBackUp size={16} />} disabled={!grid.canUndo || save.isPending} onClick={grid.undo} aria-keyshortcuts="Control+Z">
                Undo
              </Button>
            </Hint>
            <Button variant="default" leftSection={<IconX size={16} />} disabled={!dirty || save.isPending} onClick={grid.discard}>
              Discard
            </Button>
            <Button leftSection={<IconDeviceFloppy size={16} />} disabled={!dirty} loading={save.isPending} onClick={() => void submit()}>
              {dirty ? `Save ${grid.changedRows} changed` : 'Save'}
            </Button>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          Type in a cell to change it; paste a column copied from a spreadsheet into a cell to fill the rows below it. Greyed values are the product&apos;s own.
        </Text>
        {(problemRows > 0 || invalidCells > 0) && (
          <Alert color="red" variant="light" role="alert" py="xs">
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                {problemRows > 0 && `${plural(problemRows, 'row')} ${wasWere(problemRows)} not saved: see their Problems cell. `}
                {invalidCells > 0 && `${plural(invalidCells, 'cell needs', 'cells need')} correcting.`}
              </Text>
              <Switch size="xs" label="Only rows with problems" checked={onlyProblems} onChange={(event) => setOnlyProblems(event.currentTarget.checked)} />
            </Group>
          </Alert>
        )}
        <SelectionBar productId={productId} productName={data.product.name} ids={selectedIds} dirty={dirty} grid={grid} onClear={() => setSelected(new Set())} />
        {data.variations.length ? (
          <VariationsGrid
            rows={rows}
            attributeNames={data.attributes.map((a) => a.name)}
            parent={data.product}
            state={grid.state}
            rowMessages={grid.rowMessages}
            selected={selected}
            onSelectAll={(on) => setSelected(on ? new Set(rows.map((r) => r.id)) : new Set())}
            actions={actions}
            weightUnit={settings.data?.weight_unit ?? 'kg'}
          />
        ) : (
          <Text size="sm">No variations yet: generate them from the attributes&apos; values.</Text>
        )}
      </Stack>
      <GenerateModal productId={productId} attributes={data.attributes} opened={generating} onClose={() => setGenerating(false)} />
    </Card>
  );
}
