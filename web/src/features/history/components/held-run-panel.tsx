import type { HeldRunSummary, ImportRun } from '@bosun/shared';
import { Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { openConfirm } from '../../../components/ui/confirm';
import { IconAlertTriangle, IconChevronDown, IconChevronRight, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-errors';
import { formatCount } from '../../../lib/format';
import { PriceChangesTable } from '../../../components/ui/price-changes-table';
import { fieldChangeRows } from '../../../lib/dry-run-fields';
import { useCurrency } from '../../settings';
import { useApplyHeldImport } from '../api/apply-held-import';
import { useDismissHeldImport } from '../api/dismiss-held-import';
import { formatExactTime } from '../model/relative-time';
import { applyConsequences, heldCountsText, heldMissingText } from '../model/held-run-text';

/**
 * A held feed run on the Imports page (issue 22): why its dry run held it, what it found (behind
 * 'Details'), and 'Apply anyway' (after a dialog that says what will happen) or 'Dismiss'.
 */
export function HeldRunPanel({ run, held }: { run: ImportRun; held: HeldRunSummary }) {
  const [open, setOpen] = useState(false);
  const apply = useApplyHeldImport();
  const dismiss = useDismissHeldImport();
  const busy = apply.isPending || dismiss.isPending;

  const confirmApply = () =>
    openConfirm({
      title: `Apply held import #${run.id}?`,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            The file fetched {formatExactTime(held.heldAt)} from {run.fileName} will be imported with its profile{run.profileName ? ` '${run.profileName}'` : ''} as the profile is now:
          </Text>
          <List size="sm" spacing={4} aria-label="What applying will do">
            {applyConsequences(held).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            It can be undone from the Imports page afterwards.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Apply anyway', cancel: 'Cancel' },
      confirmProps: { color: 'orange' },
      onConfirm: () =>
        apply.mutate(run.id, {
          onSuccess: (answer) => notify.success(answer.message),
          onError: (error) => notify.error(errorMessage(error, `Error applying import #${run.id}`)),
        }),
    });

  const confirmDismiss = () =>
    openConfirm({
      title: `Dismiss held import #${run.id}?`,
      children: <Text size="sm">Nothing of this file will be imported, and the kept file is deleted. The feed's next run fetches a new one.</Text>,
      labels: { confirm: 'Dismiss', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        dismiss.mutate(run.id, {
          onSuccess: (answer) => notify.success(answer.message),
          onError: (error) => notify.error(errorMessage(error, `Error dismissing import #${run.id}`)),
        }),
    });

  return (
    <Paper component="section" withBorder p="sm" bg="var(--mantine-color-yellow-light)" aria-label={`Held import #${run.id}`}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconAlertTriangle size={18} color="var(--mantine-color-yellow-8)" aria-hidden style={{ flex: 'none' }} />
          <Text size="sm" fw={600}>
            Held at the dry run: nothing was imported
          </Text>
        </Group>
        <Text size="sm">{held.reason}</Text>
        <Group justify="space-between" gap="xs">
          <Button
            size="compact-sm"
            variant="subtle"
            color="dark"
            leftSection={open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-label={`Details of held import #${run.id}`}
          >
            Details
          </Button>
          <Group gap="xs">
            <Button size="xs" color="orange" leftSection={<IconPlayerPlay size={14} />} onClick={confirmApply} loading={apply.isPending} disabled={busy}>
              Apply anyway
            </Button>
            <Button size="xs" variant="default" leftSection={<IconTrash size={14} />} onClick={confirmDismiss} loading={dismiss.isPending} disabled={busy}>
              Dismiss
            </Button>
          </Group>
        </Group>
        {open && <HeldRunDetails held={held} />}
      </Stack>
    </Paper>
  );
}

/** What the held run's dry run found: counts, the missing products, the changed fields, the largest price changes, the first row errors. */
function HeldRunDetails({ held }: { held: HeldRunSummary }) {
  const fields = held.changes ? fieldChangeRows(held.changes) : [];
  const missing = heldMissingText(held);
  const prices = held.changes?.topPriceChanges ?? [];
  const currency = useCurrency();
  return (
    <Stack gap="xs" aria-label="What the dry run found" component="section">
      <Text size="sm">{heldCountsText(held)}</Text>
      {missing && <Text size="sm">{missing}.</Text>}
      {held.changes && (
        <Group gap={6}>
          <Text size="sm">Unchanged: {formatCount(held.changes.unchanged)}</Text>
          {fields.map((f) => (
            <Badge key={f.key} variant="light" tt="none">
              {f.label}: {formatCount(f.count)}
            </Badge>
          ))}
        </Group>
      )}
      {prices.length > 0 && (
        <PriceChangesTable changes={prices} currency={currency} minWidth={420} />
      )}
      {held.errors.length > 0 && (
        <List size="xs" spacing={2} aria-label="Rows that fail">
          {held.errors.map((e) => (
            <List.Item key={`${e.row}-${e.column}`}>
              Row {e.row}, {e.column}: {e.reason}
            </List.Item>
          ))}
          {held.errorCount > held.errors.length && <List.Item>and {formatCount(held.errorCount - held.errors.length)} more</List.Item>}
        </List>
      )}
    </Stack>
  );
}
