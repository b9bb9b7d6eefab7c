import { ActionIcon, Card, CloseButton, Group, NativeSelect, SegmentedControl, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowsSort, IconLayoutGrid, IconLayoutList, IconSearch, IconSortAscending, IconSortDescending, IconTable } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Hint } from '../../../components/ui/hint';
import {
  SORT_FIELD_LABELS,
  STATUS_FILTER_LABELS,
  VENDOR_SORT_FIELDS,
  VENDOR_STATUS_FILTERS,
  type VendorListOptions,
  type VendorSortField,
  type VendorStatusFilter,
  type VendorView,
} from '../vendor-list-options';

const SORT_OPTIONS = VENDOR_SORT_FIELDS.map((field) => ({ value: field, label: SORT_FIELD_LABELS[field] }));
const STATUS_OPTIONS = VENDOR_STATUS_FILTERS.map((status) => ({ value: status, label: STATUS_FILTER_LABELS[status] }));

/**
 * An icon segment, named for screen readers and by a hint for a mouse. A Tooltip stayed open over
 * the toolbar after the segment was chosen on a phone (issue 24); the Hint closes on the press and
 * opens for no touch.
 */
function viewOption(value: VendorView, label: string, icon: ReactNode) {
  return {
    value,
    label: (
      <Hint label={label}>
        <Group gap={6} wrap="nowrap" justify="center">
          {icon}
          <VisuallyHidden>{label}</VisuallyHidden>
        </Group>
      </Hint>
    ),
  };
}

const VIEW_OPTIONS = [
  viewOption('grid', 'Grid view', <IconLayoutGrid size={18} aria-hidden />),
  viewOption('list', 'List view', <IconLayoutList size={18} aria-hidden />),
  viewOption('table', 'Table view', <IconTable size={18} aria-hidden />),
];

interface VendorToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  options: VendorListOptions;
  onOptionsChange: (change: Partial<VendorListOptions>) => void;
}

export function VendorToolbar({ search, onSearchChange, options, onOptionsChange }: VendorToolbarProps) {
  const ascending = options.sortDirection === 'asc';
  return (
    <Card withBorder padding="sm" role="search" aria-label="Find vendors">
      <Group gap="sm" wrap="wrap" align="center">
        <TextInput
          aria-label="Search vendors"
          placeholder="Search by name, email or contact person"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => onSearchChange(event.currentTarget.value)}
          rightSection={search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onSearchChange('')} /> : null}
          style={{ flex: '1 1 260px' }}
        />
        <SegmentedControl
          aria-label="Status filter"
          data={STATUS_OPTIONS}
          value={options.status}
          onChange={(value) => onOptionsChange({ status: value as VendorStatusFilter })}
          name="vendor-status-filter"
        />
        <Group gap={6} wrap="nowrap">
          <NativeSelect
            aria-label="Sort by"
            leftSection={<IconArrowsSort size={16} aria-hidden />}
            data={SORT_OPTIONS}
            value={options.sortBy}
            onChange={(event) => onOptionsChange({ sortBy: event.currentTarget.value as VendorSortField })}
            w={150}
          />
          <Tooltip label={ascending ? 'Ascending: click for descending' : 'Descending: click for ascending'} withArrow>
            <ActionIcon
              variant="default"
              size={36}
              aria-label={ascending ? 'Sort ascending' : 'Sort descending'}
              aria-description="Toggles the sort direction"
              onClick={() => onOptionsChange({ sortDirection: ascending ? 'desc' : 'asc' })}
            >
              {ascending ? <IconSortAscending size={18} aria-hidden /> : <IconSortDescending size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        </Group>
        <SegmentedControl
          aria-label="View"
          data={VIEW_OPTIONS}
          value={options.view}
          onChange={(value) => onOptionsChange({ view: value as VendorView })}
          name="vendor-view"
        />
      </Group>
    </Card>
  );
}
