import { Button, Card, CloseButton, Group, NativeSelect, SegmentedControl, TextInput } from '@mantine/core';
import { IconListTree, IconRefresh, IconSearch, IconTable } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { VendorOption } from '../api/get-vendor-options';
import type { CategoryTypeFilter } from '../category-tree-logic';
import type { CategoryViewMode } from '../hooks/use-category-management';
import { plural } from '../../../lib/format';

const TYPE_FILTER_OPTIONS = [
  { value: 'all', label: 'All Types' },
  { value: 'store', label: 'Store Categories' },
  { value: 'vendor', label: 'Vendor Categories' },
];

function viewOption(value: CategoryViewMode, label: string, icon: ReactNode) {
  return {
    value,
    label: (
      <Group gap={6} wrap="nowrap">
        {icon}
        <span>{label}</span>
      </Group>
    ),
  };
}

const VIEW_OPTIONS = [viewOption('tree', 'Tree', <IconListTree size={16} aria-hidden />), viewOption('table', 'Table', <IconTable size={16} aria-hidden />)];

interface CategoryToolbarProps {
  /** A phone's: the two filters share a row, the search and the view switch take one each; the buttons are in CategoryPhoneMenu. */
  compact?: boolean;
  typeFilter: CategoryTypeFilter;
  onTypeFilterChange: (type: CategoryTypeFilter) => void;
  vendorFilter: number | null;
  onVendorFilterChange: (vendorId: number | null) => void;
  vendors: VendorOption[];
  search: string;
  onSearchChange: (search: string) => void;
  view: CategoryViewMode;
  onViewChange: (view: CategoryViewMode) => void;
  /** False until the categories have loaded. */
  canSelectAll: boolean;
  onSelectAll: () => void;
  onClearSelection: () => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/** The filters, the tree or table switch and the selection and refresh buttons above the list. */
export function CategoryToolbar(props: CategoryToolbarProps) {
  const vendorOptions = [
    { value: '', label: 'All Vendors' },
    ...props.vendors.map((v) => ({ value: String(v.id), label: `${v.name} (${plural(v.product_count, 'product')})` })),
  ];
  return (
    <Card withBorder padding={props.compact ? 'sm' : 'md'}>
      <Group align="flex-end" gap={props.compact ? 'sm' : 'md'} wrap="wrap">
        <NativeSelect
          label="Type"
          data={TYPE_FILTER_OPTIONS}
          value={props.typeFilter}
          onChange={(event) => props.onTypeFilterChange(event.currentTarget.value as CategoryTypeFilter)}
          w={props.compact ? undefined : 190}
          style={props.compact ? { flex: '1 1 140px', minWidth: 0 } : undefined}
        />
        <NativeSelect
          label="Vendor"
          data={vendorOptions}
          value={props.vendorFilter === null ? '' : String(props.vendorFilter)}
          onChange={(event) => props.onVendorFilterChange(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
          w={props.compact ? undefined : 240}
          style={props.compact ? { flex: '1 1 140px', minWidth: 0 } : undefined}
        />
        <TextInput
          aria-label="Search categories"
          placeholder="Search categories..."
          leftSection={<IconSearch size={16} />}
          rightSection={props.search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => props.onSearchChange('')} /> : null}
          value={props.search}
          onChange={(event) => props.onSearchChange(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <SegmentedControl
          aria-label="View"
          value={props.view}
          onChange={(value) => props.onViewChange(value as CategoryViewMode)}
          data={VIEW_OPTIONS}
          fullWidth={props.compact}
          style={props.compact ? { flex: '1 1 100%' } : undefined}
        />
        {!props.compact && (
          <Group gap="xs">
            <Button variant="light" onClick={props.onSelectAll} disabled={!props.canSelectAll}>
              Select All
            </Button>
            <Button variant="light" color="gray" onClick={props.onClearSelection}>
              Clear All
            </Button>
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={props.onRefresh} loading={props.refreshing}>
              Refresh
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}
