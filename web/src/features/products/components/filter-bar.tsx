import { ActionIcon, Badge, Button, Card, Group, NativeSelect, Switch, Tooltip } from '@mantine/core';
import { IconCategory, IconFilterOff, IconFilterPlus, IconRefresh } from '@tabler/icons-react';
import type { VendorOption } from '../api/get-vendor-options';
import type { PublishedFilter, StockStatusFilter } from '../model/list-filter';
import { DisabledReason } from '../../../components/ui/disabled-reason';
import { ProductSearchBox } from './product-search-box';

interface FilterBarProps {
  search: string;
  vendorId: number | null;
  vendors: VendorOption[];
  /** False for a shop_manager with neither the products nor the vendors flag: the vendor names are not theirs to read. */
  vendorsAvailable: boolean;
  categoriesAvailable: boolean;
  vendorCategoryCount: number;
  storeCategoryCount: number;
  stockStatus: StockStatusFilter;
  published: PublishedFilter;
  onAddFilter: () => void;
  onVendorChange: (vendorId: number | null) => void;
  onOpenVendorCategories: () => void;
  onOpenStoreCategories: () => void;
  onStockStatusChange: (value: StockStatusFilter) => void;
  onPublishedChange: (value: PublishedFilter) => void;
  onClearFilters: () => void;
  /** Search, Enter and Apply Filters: the typed search applies and the list is asked again. */
  onApply: (searchText: string) => void;
  onClearSearch: () => void;
  onClearAll: () => void;
  /** Each variable product's variations listed under it (a saved preference, not a filter). */
  showVariations: boolean;
  onShowVariationsChange: (show: boolean) => void;
}

const SEARCH_FORM_ID = 'product-list-search';

const STOCK_OPTIONS = [
  { value: '', label: 'All Stock Status' },
  { value: 'in_stock', label: 'In Stock' },
  { value: 'out_of_stock', label: 'Out of Stock' },
  { value: 'backorder', label: 'Backorder' },
];
const STATUS_OPTIONS = [
  { value: '', label: 'All Status' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
];

function CountBadge({ n }: { n: number }) {
  return n > 0 ? (
    <Badge size="xs" circle variant="filled" aria-label={`${n} selected`}>
      {n}
    </Badge>
  ) : null;
}

/** The list's filters. Each one applies as it is chosen; the search applies on Enter or Search. */
export function FilterBar(props: FilterBarProps) {
  const vendorOptions = [
    { value: '', label: 'All Vendors' },
    ...props.vendors.map((vendor) => ({ value: String(vendor.id), label: vendor.name })),
  ];
  // A vendor chosen through a link is shown even before (or without) the vendor list.
  if (props.vendorId !== null && !props.vendors.some((v) => v.id === props.vendorId)) {
    vendorOptions.push({ value: String(props.vendorId), label: `Vendor #${props.vendorId}` });
  }
  const vendorCategoriesHint = !props.categoriesAvailable
    ? "You don't have access to categories"
    : props.vendorId === null
      ? 'Choose a vendor first'
      : null;

  return (
    <Card withBorder padding="sm" component="section" aria-label="Filters">
      <Group gap="xs" wrap="wrap">
        <Button variant="light" leftSection={<IconFilterPlus size={16} />} onClick={props.onAddFilter}>
          Add Filter
        </Button>
        <Tooltip label="You don't have access to vendors" disabled={props.vendorsAvailable}>
          <NativeSelect
            aria-label="Vendor"
            data={vendorOptions}
            value={props.vendorId === null ? '' : String(props.vendorId)}
            disabled={!props.vendorsAvailable && props.vendorId === null}
            onChange={(event) => props.onVendorChange(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
            w={200}
          />
        </Tooltip>
        <Tooltip label={vendorCategoriesHint} disabled={!vendorCategoriesHint}>
          {/* A disabled button gets no pointer events; the wrapper lets the tooltip explain why. */}
          <span>
            <Button
              variant="default"
              leftSection={<IconCategory size={16} />}
              rightSection={<CountBadge n={props.vendorCategoryCount} />}
              disabled={vendorCategoriesHint !== null}
              onClick={props.onOpenVendorCategories}
            >
              Vendor Categories
            </Button>
          </span>
        </Tooltip>
        <DisabledReason reason={props.categoriesAvailable ? null : "You don't have access to categories"}>
          <Button
            variant="default"
            leftSection={<IconCategory size={16} />}
            rightSection={<CountBadge n={props.storeCategoryCount} />}
            disabled={!props.categoriesAvailable}
            onClick={props.onOpenStoreCategories}
          >
            Store Categories
          </Button>
        </DisabledReason>
        <NativeSelect
          aria-label="Stock status"
          data={STOCK_OPTIONS}
          value={props.stockStatus}
          onChange={(event) => props.onStockStatusChange(event.currentTarget.value as StockStatusFilter)}
          w={170}
        />
        <NativeSelect
          aria-label="Status"
          data={STATUS_OPTIONS}
          value={props.published}
          onChange={(event) => props.onPublishedChange(event.currentTarget.value as PublishedFilter)}
          w={140}
        />
        <Button variant="subtle" color="gray" onClick={props.onClearFilters}>
          Clear Filters
        </Button>
        <Button variant="filled" leftSection={<IconRefresh size={16} />} type="submit" form={SEARCH_FORM_ID}>
          Apply Filters
        </Button>
        <ProductSearchBox search={props.search} formId={SEARCH_FORM_ID} onSubmit={props.onApply} onClear={props.onClearSearch} />
        <Tooltip label="Reset all filters, search and sort">
          <ActionIcon variant="default" size="lg" aria-label="Reset all filters, search and sort" onClick={props.onClearAll}>
            <IconFilterOff size={18} />
          </ActionIcon>
        </Tooltip>
        <Switch
          label="Show variations"
          checked={props.showVariations}
          onChange={(event) => props.onShowVariationsChange(event.currentTarget.checked)}
        />
      </Group>
    </Card>
  );
}
