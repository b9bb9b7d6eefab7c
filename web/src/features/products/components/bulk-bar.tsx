import { Button, Group, Paper, Text } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { plural } from '../../../lib/format';

interface BulkBarProps {
  /** Products ticked on this page. */
  selectedCount: number;
  /** Rows on this page. */
  pageRowCount: number;
  /** Products matching the filters, over all pages. */
  total: number;
  /** The whole filtered set is chosen, not only this page. */
  allMatching: boolean;
  /** 'Select all matching' is offered only while the rows shown are the filter's own answer. */
  canSelectAllMatching: boolean;
  canDelete: boolean;
  deleting?: boolean;
  onSelectAllMatching: () => void;
  onClearSelection: () => void;
  onDeleteSelected: () => void;
  onBulkEdit: () => void;
}

/**
 * What the selection can do. Once the whole page is ticked it offers the whole filtered set, as
 * Gmail and Shopify do, so an action can reach products on other pages.
 */
export function BulkBar({
  selectedCount,
  pageRowCount,
  total,
  allMatching,
  canSelectAllMatching,
  canDelete,
  deleting,
  onSelectAllMatching,
  onClearSelection,
  onDeleteSelected,
  onBulkEdit,
}: BulkBarProps) {
  const count = allMatching ? total : selectedCount;
  const wholePage = selectedCount > 0 && selectedCount === pageRowCount;
  return (
    <Paper withBorder p="xs" px="md" bg="blue.0" role="region" aria-label="Bulk actions">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Text fw={600} size="sm" aria-live="polite">
            {plural(count, 'product')} selected
          </Text>
          {allMatching ? (
            <Text size="sm" c="dimmed">
              (every product matching the current filters)
            </Text>
          ) : (
            wholePage &&
            canSelectAllMatching &&
            total > pageRowCount && (
              <Button size="compact-sm" variant="subtle" onClick={onSelectAllMatching}>
                Select all {total} matching products
              </Button>
            )
          )}
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconEdit size={14} />} onClick={onBulkEdit}>
            Bulk Edit
          </Button>
          {canDelete && (
            <Button size="xs" color="red" leftSection={<IconTrash size={14} />} onClick={onDeleteSelected} loading={deleting}>
              Delete Selected
            </Button>
          )}
          <Button size="xs" variant="default" onClick={onClearSelection}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
