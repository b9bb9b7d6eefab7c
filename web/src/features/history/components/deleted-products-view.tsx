import { CHANGE_SOURCE_LABELS, type DeletedProduct, type RestoreDeletedResponse } from '@bosun/shared';
import { Alert, Button, Card, Checkbox, Drawer, Group, List, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconRestore, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { DisabledReason } from '../../../components/ui/disabled-reason';
import { ContentLoader } from '../../../components/ui/loaders';
import { useIsPhone } from '../../../components/ui/use-is-phone';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-errors';
import { useDeletedProducts } from '../api/get-deleted-products';
import { useRestoreDeletedProducts } from '../api/restore-deleted-products';
import { useSettings } from '../../settings';
import { useHistoryReferenceNames } from '../hooks/use-history-reference-names';
import { useUndoActions } from '../hooks/use-undo-actions';
import { ChangeTime } from './change-time';
import { ProductHistoryPanel } from './product-history-panel';
import { SimplePager } from './simple-pager';
import { HistoryPageHeader } from './history-page-header';
import { plural } from '../../../lib/format';

const PAGE_SIZE = 20;
const products = (count: number) => plural(count, 'product');

interface Outcome {
  response: RestoreDeletedResponse;
  /** What the restored entries were, to name the failed ones. */
  named: Map<number, DeletedProduct>;
}

/** /products/deleted: products deleted within the history's retention, restorable one or many at a time. */
export function DeletedProductsView() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Map<number, DeletedProduct>>(new Map());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [historyOf, setHistoryOf] = useState<DeletedProduct | null>(null);
  const deleted = useDeletedProducts({ page, limit: PAGE_SIZE, search: debounced });
  const restore = useRestoreDeletedProducts();
  const { undoNow } = useUndoActions();
  const rows = deleted.data?.products ?? [];
  const phone = useIsPhone();
  const settings = useSettings();
  const units = { weight: settings.data?.weight_unit ?? 'kg', dimension: settings.data?.dimension_unit ?? 'cm' };
  // The vendor and category names of the drawer's history, its last state's included.
  const nameOf = useHistoryReferenceNames(historyOf?.productId ?? null);

  const toggle = (row: DeletedProduct) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(row.entryId)) next.delete(row.entryId);
      else next.set(row.entryId, row);
      return next;
    });
  const allOnPage = rows.length > 0 && rows.every((row) => selected.has(row.entryId));
  const toggleAll = () =>
    setSelected((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (allOnPage) next.delete(row.entryId);
        else next.set(row.entryId, row);
      }
      return next;
    });

  const restoreRows = async (chosen: DeletedProduct[]) => {
    const named = new Map(chosen.map((row) => [row.entryId, row]));
    try {
      const response = await restore.mutateAsync(chosen.map((row) => row.entryId));
      setOutcome({ response, named });
      setSelected(new Map());
      const { changeId } = response;
      // The restore is a recorded change: the toast takes it back like a bulk operation's.
      if (response.restored > 0) notify.success(response.message, changeId === null ? undefined : { label: 'Undo', onClick: () => void undoNow(changeId) });
      if (response.failed.length > 0) notify.warning(`${products(response.failed.length)} could not be restored: see the reasons on the page`);
    } catch (error) {
      notify.error(errorMessage(error, 'Error restoring the products'));
    }
  };

  return (
    <Stack gap="md">
      <HistoryPageHeader
        title="Recently deleted"
        description="Deleted products are kept with their last state and categories for as long as the change history is kept."
        link={{ to: '/products', label: 'Products', icon: <IconArrowLeft size={16} /> }}
      />

      {outcome && <RestoreOutcome outcome={outcome} onClose={() => setOutcome(null)} />}

      <Group justify="space-between" wrap="wrap" gap="sm">
        <TextInput
          aria-label="Search deleted products"
          placeholder="Search by SKU or name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 320 }}
        />
        <DisabledReason reason={selected.size === 0 ? 'Tick the products to restore first' : null}>
          <Button leftSection={<IconRestore size={16} />} disabled={selected.size === 0} loading={restore.isPending} onClick={() => void restoreRows([...selected.values()])}>
            {selected.size > 0 ? `Restore ${products(selected.size)}` : 'Restore selected'}
          </Button>
        </DisabledReason>
      </Group>

      {deleted.isPending ? (
        <ContentLoader label="Loading deleted products" />
      ) : deleted.isError ? (
        <Alert color="red">{errorMessage(deleted.error, 'Error loading the deleted products')}</Alert>
      ) : rows.length === 0 ? (
        <Card withBorder>
          <Text c="dimmed">{debounced ? 'No deleted product matches the search.' : 'No deleted products within the history’s retention.'}</Text>
        </Card>
      ) : phone ? (
        <Stack gap="sm" aria-label="Deleted products">
          <Checkbox
            label="Select all on this page"
            checked={allOnPage}
            indeterminate={!allOnPage && rows.some((r) => selected.has(r.entryId))}
            onChange={toggleAll}
          />
          {rows.map((row) => (
            <Card key={row.entryId} withBorder padding="sm" component="article" aria-label={row.sku}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Checkbox aria-label={`Select ${row.sku}`} checked={selected.has(row.entryId)} onChange={() => toggle(row)} mt={2} />
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={500}>
                    {row.name}
                  </Text>
                  <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {row.sku}
                  </Text>
                  <Group gap={6}>
                    <Text size="xs" c="dimmed">
                      Deleted by {deletedBy(row)}
                    </Text>
                    <ChangeTime at={row.deletedAt} size="xs" />
                  </Group>
                </Stack>
                <Stack gap={4}>
                  <Button size="xs" variant="light" disabled={restore.isPending} onClick={() => void restoreRows([row])} aria-label={`Restore ${row.sku}`}>
                    Restore
                  </Button>
                  <Button size="xs" variant="subtle" onClick={() => setHistoryOf(row)} aria-label={`History of ${row.sku}`}>
                    History
                  </Button>
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
      ) : (
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={680}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="Deleted products">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox aria-label="Select all on this page" checked={allOnPage} indeterminate={!allOnPage && rows.some((r) => selected.has(r.entryId))} onChange={toggleAll} />
                  </Table.Th>
                  <Table.Th>SKU</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Deleted</Table.Th>
                  <Table.Th>By</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.entryId}>
                    <Table.Td>
                      <Checkbox aria-label={`Select ${row.sku}`} checked={selected.has(row.entryId)} onChange={() => toggle(row)} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {row.sku}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.name}</Text>
                      {row.kind !== 'simple' && (
                        <Text size="xs" c="dimmed" tt="capitalize">
                          {row.kind}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <ChangeTime at={row.deletedAt} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{deletedBy(row)}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="subtle" onClick={() => setHistoryOf(row)} aria-label={`History of ${row.sku}`}>
                          History
                        </Button>
                        <Button size="xs" variant="light" disabled={restore.isPending} onClick={() => void restoreRows([row])} aria-label={`Restore ${row.sku}`}>
                          Restore
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      <Drawer opened={historyOf !== null} onClose={() => setHistoryOf(null)} position="right" size="xl" title={historyOf ? `History of ${historyOf.sku}` : ''}>
        {historyOf && <ProductHistoryPanel productId={historyOf.productId} units={units} nameOf={nameOf} readOnly />}
      </Drawer>
      {deleted.data && deleted.data.pagination.pages > 1 && (
        <SimplePager page={page} pages={deleted.data.pagination.pages} total={deleted.data.pagination.total} onPageChange={setPage} />
      )}
    </Stack>
  );
}

const deletedBy = (row: DeletedProduct) => `${row.user?.username ?? 'Unknown user'}${row.source ? ` (${CHANGE_SOURCE_LABELS[row.source]})` : ''}`;

/** What the last restore did: how many came back and, for each that did not, why. */
function RestoreOutcome({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const { response, named } = outcome;
  const failed = response.failed.length > 0;
  return (
    <Alert color={failed ? 'orange' : 'teal'} title={response.message} withCloseButton onClose={onClose} closeButtonLabel="Dismiss">
      {failed && (
        <Stack gap={4}>
          <Text size="sm">Not restored:</Text>
          <List size="sm" aria-label="Not restored">
            {response.failed.map((f) => {
              const row = named.get(f.entryId);
              return (
                <List.Item key={f.entryId}>
                  {row ? `${row.sku} (${row.name})` : `Entry #${f.entryId}`}: {f.reason}
                </List.Item>
              );
            })}
          </List>
        </Stack>
      )}
    </Alert>
  );
}
