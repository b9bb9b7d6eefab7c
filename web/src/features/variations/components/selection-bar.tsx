import { Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { openConfirm } from '../../../components/ui/confirm';
import { IconCurrencyDollar, IconEye, IconEyeOff, IconTrash } from '@tabler/icons-react';
import { useState, type ReactElement } from 'react';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-errors';
import { useDeleteVariations } from '../api/delete-variations';
import type { useVariationGrid } from '../hooks/use-variation-grid';
import { BulkPriceModal } from './bulk-price-modal';
import { plural } from '../../../lib/format';

interface SelectionBarProps {
  productId: number;
  productName: string;
  ids: number[];
  /** Unsaved grid edits: actions that write at once wait until they are saved or discarded. */
  dirty: boolean;
  grid: Pick<ReturnType<typeof useVariationGrid>, 'change'>;
  onClear: () => void;
}

const SAVE_FIRST = 'Save or discard your changes first';

/** What applies to the selected rows: prices and stock in bulk, enable or disable (grid edits, saved with Save), delete. */
export function SelectionBar({ productId, productName, ids, dirty, grid, onClear }: SelectionBarProps) {
  const [editingPrices, setEditingPrices] = useState(false);
  const remove = useDeleteVariations();
  if (!ids.length) return null;

  const setEnabled = (value: boolean) => grid.change(ids.map((id) => ({ id, field: 'enabled' as const, value })));
  const confirmDelete = () =>
    openConfirm({
      title: `Delete ${plural(ids.length, 'variation')}?`,
      children: (
        <Text size="sm">
          This deletes {plural(ids.length, 'variation')} of {productName}. It cannot be undone.
        </Text>
      ),
      labels: { confirm: `Delete ${plural(ids.length, 'variation')}`, cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const { message } = await remove.mutateAsync({ productId, ids });
          notify.success(message);
          onClear();
        } catch (error) {
          notify.error(errorMessage(error, 'The variations could not be deleted'));
        }
      },
    });
  // A button that writes at once says why it waits while there are unsaved edits.
  const waitsForSave = (button: ReactElement) => (dirty ? <Tooltip label={SAVE_FIRST}>{<span>{button}</span>}</Tooltip> : button);

  return (
    <Paper withBorder p="xs" bg="var(--mantine-color-blue-0)" role="region" aria-label="Selected variations">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {ids.length} selected
        </Text>
        <Group gap="xs">
          {waitsForSave(
            <Button size="xs" variant="default" leftSection={<IconCurrencyDollar size={14} />} disabled={dirty} onClick={() => setEditingPrices(true)}>
              Edit prices &amp; stock
            </Button>,
          )}
          <Button size="xs" variant="default" leftSection={<IconEye size={14} />} onClick={() => setEnabled(true)}>
            Enable
          </Button>
          <Button size="xs" variant="default" leftSection={<IconEyeOff size={14} />} onClick={() => setEnabled(false)}>
            Disable
          </Button>
          {waitsForSave(
            <Button size="xs" color="red" variant="light" leftSection={<IconTrash size={14} />} disabled={dirty} loading={remove.isPending} onClick={confirmDelete}>
              Delete
            </Button>,
          )}
          <Button size="xs" variant="subtle" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
      <BulkPriceModal productId={productId} ids={ids} opened={editingPrices} onClose={() => setEditingPrices(false)} />
    </Paper>
  );
}
