import { Button, Card, EmptyState } from '@mantine/core';
import { IconBuildingStore, IconFilterOff, IconPlus } from '@tabler/icons-react';

interface VendorsEmptyStateProps {
  /** Whether a search or status filter hides vendors that exist. */
  filtered: boolean;
  onAdd: () => void;
  onClearFilters: () => void;
}

export function VendorsEmptyState({ filtered, onAdd, onClearFilters }: VendorsEmptyStateProps) {
  return (
    <Card withBorder py={48}>
      <EmptyState
        icon={<IconBuildingStore size={28} />}
        variant="light"
        color="gray"
        title="No vendors found"
        description={filtered ? 'No vendor matches the search and status filter.' : 'Vendors you add appear here with their products and categories.'}
      >
        <EmptyState.Actions>
          {filtered ? (
            <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={onClearFilters}>
              Clear Filters
            </Button>
          ) : (
            <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
              Add Your First Vendor
            </Button>
          )}
        </EmptyState.Actions>
      </EmptyState>
    </Card>
  );
}
