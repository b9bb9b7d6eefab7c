import type { HistoryEntry } from '@bosun/shared';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { openConfirm } from '../../../components/ui/confirm';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-errors';
import { useProductHistory } from '../api/get-product-history';
import { useRestoreVersion } from '../api/restore-version';
import { fieldLabel, formatHistoryValue, type HistoryUnits, type ReferenceName } from '../model/history-fields';
import { formatExactTime } from '../model/relative-time';
import { HistoryEntryCard } from './history-entry-card';
import { plural } from '../../../lib/format';

export interface ProductHistoryPanelProps {
  productId: number;
  units: HistoryUnits;
  /** Vendor and category names for the ids an entry holds. */
  nameOf?: ReferenceName;
  /** A deleted product's history: read, not restored from (Recently deleted brings it back). */
  readOnly?: boolean;
}

/** The product's History tab: its changes newest first, a page at a time, each restorable. */
export function ProductHistoryPanel({ productId, units, nameOf, readOnly = false }: ProductHistoryPanelProps) {
  const history = useProductHistory(productId);
  const restore = useRestoreVersion();
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];
  const total = history.data?.pages[0]?.pagination.total ?? 0;

  const restoreVersion = (entry: HistoryEntry) =>
    openConfirm({
      title: 'Restore this version',
      children: (
        <Text size="sm">
          Put every recorded field back as it was after this change ({formatExactTime(entry.at)})? The restore is recorded as a change of its own.
        </Text>
      ),
      labels: { confirm: 'Restore', cancel: 'Cancel' },
      onConfirm: async () => {
        try {
          await restore.mutateAsync({ productId, entryId: entry.id });
          notify.success(`Product restored to the version of ${formatExactTime(entry.at)}`);
        } catch (error) {
          notify.error(errorMessage(error, 'Error restoring the version'));
        }
      },
    });

  const restoreField = async (entry: HistoryEntry, field: string) => {
    const change = entry.fields.find((f) => f.field === field);
    const label = fieldLabel(field, units);
    try {
      await restore.mutateAsync({ productId, entryId: entry.id, field });
      notify.success(`${label} restored to ${change ? formatHistoryValue(field, change.after, units, nameOf) : 'its earlier value'}`);
    } catch (error) {
      notify.error(errorMessage(error, `Error restoring ${label}`));
    }
  };

  if (history.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label="Loading history" />
      </Center>
    );
  }
  if (history.isError) return <Alert color="red">{errorMessage(history.error, 'Error loading the history')}</Alert>;
  if (entries.length === 0) return <Text c="dimmed">No changes recorded for this product yet.</Text>;

  return (
    <Stack gap="sm" aria-label="History">
      <Text size="sm" c="dimmed">
        {plural(total, 'change')}, newest first
      </Text>
      {entries.map((entry, index) => (
        <HistoryEntryCard
          key={entry.id}
          entry={entry}
          units={units}
          nameOf={nameOf}
          isCurrent={index === 0}
          readOnly={readOnly}
          busy={restore.isPending}
          onRestoreVersion={restoreVersion}
          onRestoreField={(e, f) => void restoreField(e, f)}
        />
      ))}
      {history.hasNextPage && (
        <Button variant="default" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage} style={{ alignSelf: 'center' }}>
          Load more
        </Button>
      )}
    </Stack>
  );
}
