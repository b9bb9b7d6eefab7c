import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPackageOff, IconSearchOff } from '@tabler/icons-react';

interface ProductsEmptyStateProps {
  search: string;
  filtered: boolean;
  onClearFilters: () => void;
}

export function ProductsEmptyState({ search, filtered, onClearFilters }: ProductsEmptyStateProps) {
  const icon = search || filtered ? <IconSearchOff size={28} /> : <IconPackageOff size={28} />;
  return (
    <Stack align="center" gap={6} ta="center" role="status">
      <ThemeIcon size={52} radius="xl" variant="light" color="gray">
        {icon}
      </ThemeIcon>
      {search ? (
        <>
          <Text fw={600}>No products found for "{search}"</Text>
          <Text size="sm" c="dimmed">
            Try searching with different keywords or check your spelling.
          </Text>
        </>
      ) : filtered ? (
        <>
          <Text fw={600}>No products match these filters</Text>
          <Text size="sm" c="dimmed">
            Try removing a filter, or clear them all.
          </Text>
          <Button size="xs" variant="light" onClick={onClearFilters} mt={4}>
            Reset filters
          </Button>
        </>
      ) : (
        <>
          <Text fw={600}>No products yet</Text>
          <Text size="sm" c="dimmed">
            Products you add or import appear here.
          </Text>
        </>
      )}
    </Stack>
  );
}
