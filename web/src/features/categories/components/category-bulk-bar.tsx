import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowMerge, IconTrash, IconX } from '@tabler/icons-react';
import { moreLabel, selectionSummary } from '../category-tree-logic';
import { plural } from '../../../lib/format';

interface CategoryBulkBarProps {
  /** The selected categories' names, in the order they were selected. */
  names: string[];
  onMerge: () => void;
  onClearSelection: () => void;
  onDelete: () => void;
  deleting?: boolean;
}

export const deleteCategoriesLabel = (count: number) => `Delete ${plural(count, 'Category', 'Categories')}`;

/** Shown while anything is selected: what is selected, and what can be done with it. */
export function CategoryBulkBar({ names, onMerge, onClearSelection, onDelete, deleting }: CategoryBulkBarProps) {
  const count = names.length;
  const { shown, more } = selectionSummary(names);
  return (
    <Card withBorder padding="md" bg="var(--mantine-color-blue-light)" role="region" aria-label="Selected categories">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text fw={600}>
            {plural(count, 'category', 'categories')} selected
          </Text>
          <Group gap="xs">
            {count === 2 && (
              <Button size="xs" variant="light" leftSection={<IconArrowMerge size={14} />} onClick={onMerge}>
                Merge Categories
              </Button>
            )}
            <Button size="xs" variant="default" leftSection={<IconX size={14} />} onClick={onClearSelection}>
              Clear Selection
            </Button>
            <Button size="xs" color="red" leftSection={<IconTrash size={14} />} onClick={onDelete} loading={deleting}>
              {deleteCategoriesLabel(count)}
            </Button>
          </Group>
        </Group>
        <Group gap={6} wrap="wrap" aria-label="Selected category names">
          {shown.map((name, index) => (
            <Badge key={`${index}-${name}`} variant="white" color="blue" tt="none" maw={240}>
              {name}
            </Badge>
          ))}
          {more > 0 && (
            <Text size="sm" c="dimmed">
              {moreLabel(more)}
            </Text>
          )}
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconAlertTriangle size={16} color="var(--mantine-color-red-6)" aria-hidden />
          <Text size="sm" c="red.7">
            Deleting is permanent: the selected categories and all their subcategories are removed and cannot be restored.
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
