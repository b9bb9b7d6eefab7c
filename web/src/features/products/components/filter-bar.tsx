import { QUALITY_CHECK_NAMES, QUALITY_CHECKS, type QualityCheck } from '@bosun/shared';
import { ActionIcon, Badge, Button, Card, Drawer, Group, NativeSelect, Stack, Switch, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconCategory, IconFilterOff, IconFilterPlus, IconRefresh, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
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
  /** A phone: the search stays in the page and the filters go into a drawer. */
  phone?: boolean;
  /** How many filters narrow the list (shown on the phone's Filters button). */
  activeFilterCount: number;
  /** The quality queue shown (issue 23), or null for all products. */
  problem: QualityCheck | null;
  onProblemChange: (problem: QualityCheck | null) => void;
  /** The completeness sort's direction when the list is sorted by it (the phone's cards have their own sort select). */
  completenessSort: 'asc' | 'desc' | null;
  onToggleCompletenessSort: () => void;
}

const SEARCH_FORM_ID = 'product-list-search';

const STOCK_OPTIONS = [
  { value: '', label: 'All Stock Status' },
  { value: 'in_stock', label: 'In Stock' },
  { value: 'out_of_stock', label: 'Out of Stock' },
  { value: 'backorder', label: 'Backorder' },
];
const PROBLEM_OPTIONS = [{ value: '', label: 'Any Problem' }, ...QUALITY_CHECK_NAMES.map((check) => ({ value: check, label: QUALITY_CHECKS[check].label }))];
const STATUS_OPTIONS = [
  { value: '', label: 'All Status' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
];

function CountBadge({ n, label = `${n} selected` }: { n: number; label?: string }) {
  return n > 0 ? (
    <Badge size="xs" circle variant="filled" aria-label={label}>
      {n}
    </Badge>
  ) : null;
}

/** The list's filters. Each one applies as it is chosen; the search applies on Enter or Search. */
export function FilterBar(props: FilterBarProps) {
  return props.phone ? <PhoneFilterBar {...props} /> : <DesktopFilterBar {...props} />;
}

function DesktopFilterBar(props: FilterBarProps) {
  return (
    <Card withBorder padding="sm" component="section" aria-label="Filters">
      <Group gap="xs" wrap="wrap">
        <FilterControls {...props} />
        <Button variant="subtle" color="gray" onClick={props.onClearFilters}>
          Clear Filters
        </Button>
        <Button variant="filled" leftSection={<IconRefresh size={16} />} type="submit" form={SEARCH_FORM_ID}>
          Apply Filters
        </Button>
        <ProductSearchBox search={props.search} formId={SEARCH_FORM_ID} onSubmit={props.onApply} onClear={props.onClearSearch} />
        <Button
          variant={props.completenessSort ? 'light' : 'default'}
          leftSection={props.completenessSort === 'desc' ? <IconSortDescending size={16} /> : <IconSortAscending size={16} />}
          onClick={props.onToggleCompletenessSort}
          aria-label={props.completenessSort === 'asc' ? 'Sorted by completeness, least complete first: sort most complete first' : 'Sort by completeness, least complete first'}
        >
          Completeness
        </Button>
        <ResetAllButton onClick={props.onClearAll} />
        <ShowVariationsSwitch {...props} />
      </Group>
    </Card>
  );
}

/**
 * On a phone the search stays in the page, beside a Filters button that says how many filters are
 * on; the filters themselves are in a drawer. A control that opens something else (a category
 * picker, a new advanced-filter row in the page) closes the drawer first, so nothing opens under it.
 */
function PhoneFilterBar(props: FilterBarProps) {
  const [opened, drawer] = useDisclosure(false);
  const thenClose = (action: () => void) => () => {
    drawer.close();
    action();
  };
  // The search form is in the page, not in the drawer: submitting it applies the typed text too.
  const applyAndClose = () => {
    (document.getElementById(SEARCH_FORM_ID) as HTMLFormElement | null)?.requestSubmit();
    drawer.close();
  };
  const filtersLabel = props.activeFilterCount > 0 ? `Filters (${props.activeFilterCount} on)` : 'Filters';
  return (
    <Stack gap="xs" component="section" aria-label="Filters">
      <ProductSearchBox search={props.search} formId={SEARCH_FORM_ID} onSubmit={props.onApply} onClear={props.onClearSearch} />
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          rightSection={<CountBadge n={props.activeFilterCount} label={`${props.activeFilterCount} on`} />}
          onClick={drawer.open}
          aria-label={filtersLabel}
        >
          Filters
        </Button>
      </Group>
      <Drawer opened={opened} onClose={drawer.close} title="Filters" position="bottom" size="auto" styles={{ content: { height: 'auto', maxHeight: '90dvh' } }}>
        <Stack gap="sm">
          <FilterControls
            {...props}
            onAddFilter={thenClose(props.onAddFilter)}
            onOpenVendorCategories={thenClose(props.onOpenVendorCategories)}
            onOpenStoreCategories={thenClose(props.onOpenStoreCategories)}
            fullWidth
          />
          <ShowVariationsSwitch {...props} />
          <Group gap="xs" grow>
            <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={props.onClearAll}>
              Reset all
            </Button>
            <Button variant="default" onClick={props.onClearFilters}>
              Clear Filters
            </Button>
          </Group>
          <Button variant="filled" leftSection={<IconRefresh size={16} />} onClick={applyAndClose}>
            Apply Filters
          </Button>
        </Stack>
      </Drawer>
    </Stack>
  );
}

/** The filters proper, the same controls in the bar and in the phone's drawer. */
function FilterControls(props: FilterBarProps & { fullWidth?: boolean }) {
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
  const width = (desktop: number) => (props.fullWidth ? '100%' : desktop);

  return (
    <>
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
          w={width(200)}
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
            fullWidth={props.fullWidth}
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
          fullWidth={props.fullWidth}
        >
          Store Categories
        </Button>
      </DisabledReason>
      <NativeSelect
        aria-label="Stock status"
        data={STOCK_OPTIONS}
        value={props.stockStatus}
        onChange={(event) => props.onStockStatusChange(event.currentTarget.value as StockStatusFilter)}
        w={width(170)}
      />
      <NativeSelect
        aria-label="Status"
        data={STATUS_OPTIONS}
        value={props.published}
        onChange={(event) => props.onPublishedChange(event.currentTarget.value as PublishedFilter)}
        w={width(140)}
      />
      <NativeSelect
        aria-label="Problem"
        data={PROBLEM_OPTIONS}
        value={props.problem ?? ''}
        onChange={(event) => props.onProblemChange((event.currentTarget.value || null) as QualityCheck | null)}
        w={width(250)}
      />
    </>
  );
}

function ResetAllButton({ onClick }: { onClick: () => void }) {
  return (
    <Tooltip label="Reset all filters, search and sort">
      <ActionIcon variant="default" size="lg" aria-label="Reset all filters, search and sort" onClick={onClick}>
        <IconFilterOff size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

function ShowVariationsSwitch({ showVariations, onShowVariationsChange }: Pick<FilterBarProps, 'showVariations' | 'onShowVariationsChange'>) {
  return <Switch label="Show variations" checked={showVariations} onChange={(event) => onShowVariationsChange(event.currentTarget.checked)} />;
}
