import { Button, Card, Stack, Text } from '@mantine/core';
import { IconFolderOff } from '@tabler/icons-react';

interface CategoriesEmptyStateProps {
  /** Whether a filter or search hides categories that exist. */
  filtering: boolean;
  onAdd: () => void;
}

export function CategoriesEmptyState({ filtering, onAdd }: CategoriesEmptyStateProps) {
  return (
    <Card withBorder padding="xl">
      <Stack align="center" gap="sm" py="lg">
        <IconFolderOff size={40} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text fw={600} size="lg">
          No categories found
        </Text>
        {filtering ? (
          <Text c="dimmed" size="sm">
            Try adjusting your search or filters.
          </Text>
        ) : (
          <Button onClick={onAdd}>Add Your First Category</Button>
        )}
      </Stack>
    </Card>
  );
}
