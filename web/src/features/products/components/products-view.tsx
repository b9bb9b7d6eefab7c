import { AUTH_MESSAGES, buildCategoryTree, PRODUCT_MESSAGES, type Category, type Product, type ProductListResponse } from '@bosun/shared';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconColumns, IconPlus } from '@tabler/icons-react';
import type { RowSelectionState } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AccessDenied } from '../../../components/ui/access-denied';
import { ContentLoader } from '../../../components/ui/loaders';
import { notify } from '../../../components/ui/notify';
import { isApiError, isForbidden } from '../../../lib/api-client';
import { hasPermission, isAdmin, useCurrentUser } from '../../auth';
import { useSettings } from '../../settings';
import { useAllCategories } from '../api/get-categories';
import { useProducts } from '../api/get-products';
import { useVendorCategories } from '../api/get-vendor-categories';
import { useVendorOptions } from '../api/get-vendor-options';
import { useDeleteActions } from '../hooks/use-delete-actions';
import { useListPreferences } from '../hooks/use-list-preferences';
import { useProductListState } from '../hooks/use-product-list-state';
import { useResetOnChange } from '../hooks/use-reset-on-change';
import { newFilterRow } from '../model/advanced-filter-rows';
import type { Units } from '../model/product-columns';
import { AdvancedFiltersPanel } from './advanced-filters-panel';
import { BulkBar } from './bulk-bar';
import { BulkEditModal } from './bulk-edit-modal';
import { CategoryPickerModal } from './category-picker-modal';
import { ColumnCustomiserModal } from './column-customiser-modal';
import { FilterBar } from './filter-bar';
import { ImportExportButtons } from './import/import-export-buttons';
import { ListBanners } from './list-banners';
import { PaginationBar } from './pagination-bar';
import { ProductFormModal, type ProductFormTarget } from './product-form-modal';
import { ProductsEmptyState } from './products-empty-state';
import { ProductsTable } from './products-table';

const openProductDetails = (product: Product) => window.open(`/product/${product.id}`, '_blank', 'noopener');

/** The /products screen (SPEC §2 Products list). */
export function ProductsView() {
  const user = useCurrentUser();
  const preferences = useListPreferences();
  const state = useProductListState({ pageSize: preferences.pageSize });
  const list = useProducts(state.params);

  // A failed request keeps the last good rows on screen (placeholder data stops at an error).
  const lastGood = useRef<ProductListResponse | undefined>(undefined);
  useEffect(() => {
    if (list.data) lastGood.current = list.data;
  }, [list.data]);
  const data = list.data ?? lastGood.current;
  const products = data?.products ?? [];
  const total = data?.pagination.total ?? 0;
  const showingCurrentAnswer = Boolean(list.data) && !list.isPlaceholderData && !list.isError;

  useEffect(() => {
    if (list.error && !isForbidden(list.error)) notify.error(PRODUCT_MESSAGES.loadFailed);
  }, [list.error, list.errorUpdatedAt]);

  // After deletes the last page may be gone: step back to the new last page.
  const pages = list.data?.pagination.pages;
  const { page, setPage } = state;
  useEffect(() => {
    if (pages !== undefined && pages > 0 && page > pages) setPage(pages);
  }, [pages, page, setPage]);

  const settings = useSettings();
  const units = useMemo<Units>(
    () => ({ weight: settings.data?.weight_unit ?? 'kg', dimension: settings.data?.dimension_unit ?? 'cm' }),
    [settings.data?.weight_unit, settings.data?.dimension_unit],
  );

  const vendorsAvailable = hasPermission(user, 'vendors');
  const categoriesAvailable = hasPermission(user, 'categories');
  const vendors = useVendorOptions({ enabled: vendorsAvailable });
  const allCategories = useAllCategories({ enabled: categoriesAvailable });
  const vendorCategories = useVendorCategories(state.url.vendorId, { enabled: categoriesAvailable });
  const categoriesById = useMemo(() => new Map<number, Category>((allCategories.data ?? []).map((c) => [c.id, c])), [allCategories.data]);
  const storeTree = useMemo(() => buildCategoryTree((allCategories.data ?? []).filter((c) => c.type === 'store')), [allCategories.data]);
  const [picker, setPicker] = useState<'vendor' | 'store' | null>(null);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [productForm, setProductForm] = useState<ProductFormTarget | null>(null);
  const [bulkEditOpen, setBulkEditOpen] = useState(false);

  // The selection belongs to the rows on screen: a new page, filter or sort starts with none.
  const [rowSelection, setRowSelection] = useResetOnChange<RowSelectionState>(state.viewKey, {});
  const [allMatching, setAllMatching] = useResetOnChange(state.viewKey, false);
  const selectedIds = products.filter((p) => rowSelection[String(p.id)]).map((p) => p.id);
  const clearSelection = () => {
    setRowSelection({});
    setAllMatching(false);
  };

  const deletes = useDeleteActions({
    onDeleted: (ids) => {
      if (ids === 'all') return clearSelection();
      setRowSelection((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !ids.includes(Number(id)))));
      setAllMatching(false);
    },
  });

  if (isForbidden(list.error)) return <AccessDenied message={AUTH_MESSAGES.accessDeniedPage} />;

  const filtered =
    state.url.vendorId !== null ||
    state.url.vendorCategoryIds.length + state.url.storeCategoryIds.length > 0 ||
    state.stockStatus !== '' ||
    state.published !== '' ||
    state.filter.advanced_filters !== undefined;

  const submitSearch = (text: string) => {
    if (text === state.url.search) void list.refetch();
    else if (text) state.applySearch(text);
    else state.clearSearch();
  };
  const clearSearch = () => {
    if (!state.url.search && !state.sort) void list.refetch();
    state.clearSearch();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Products
          </Title>
          <Text size="sm" c="dimmed">
            {data ? `${total.toLocaleString('en-US')} ${filtered || state.url.search ? 'matching' : 'in the catalogue'}` : ' '}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconColumns size={16} />} onClick={() => setColumnsOpen(true)}>
            Columns
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setProductForm({ mode: 'create', product: null })}>
            Add Product
          </Button>
          <ImportExportButtons
            filter={state.filter}
            selectedIds={selectedIds}
            allMatching={allMatching}
            total={total}
            vendorsAvailable={vendorsAvailable}
          />
        </Group>
      </Group>

      <FilterBar
        search={state.url.search}
        vendorId={state.url.vendorId}
        vendors={vendors.data ?? []}
        vendorsAvailable={vendorsAvailable}
        categoriesAvailable={categoriesAvailable}
        vendorCategoryCount={state.url.vendorCategoryIds.length}
        storeCategoryCount={state.url.storeCategoryIds.length}
        stockStatus={state.stockStatus}
        published={state.published}
        onAddFilter={() => state.setFilterRows((rows) => [...rows, newFilterRow()])}
        onVendorChange={state.setVendor}
        onOpenVendorCategories={() => setPicker('vendor')}
        onOpenStoreCategories={() => setPicker('store')}
        onStockStatusChange={state.setStockStatus}
        onPublishedChange={state.setPublished}
        onClearFilters={state.clearFilters}
        onApply={submitSearch}
        onClearSearch={clearSearch}
        onClearAll={state.clearAll}
      />

      {state.filterRows.length > 0 && <AdvancedFiltersPanel rows={state.filterRows} onChange={state.setFilterRows} />}

      <ListBanners
        sort={state.sort}
        search={state.url.search}
        vendorCategoryIds={state.url.vendorCategoryIds}
        storeCategoryIds={state.url.storeCategoryIds}
        categoriesById={categoriesById}
        total={showingCurrentAnswer ? total : undefined}
        onClearSort={state.clearSort}
        onClearSearch={clearSearch}
        onClearCategories={state.clearCategories}
        onRemoveCategory={(id, type) =>
          type === 'vendor'
            ? state.setVendorCategoryIds(state.url.vendorCategoryIds.filter((c) => c !== id))
            : state.setStoreCategoryIds(state.url.storeCategoryIds.filter((c) => c !== id))
        }
      />

      {(selectedIds.length > 0 || allMatching) && (
        <BulkBar
          selectedCount={selectedIds.length}
          pageRowCount={products.length}
          total={total}
          allMatching={allMatching}
          canSelectAllMatching={showingCurrentAnswer}
          canDelete={isAdmin(user)}
          deleting={deletes.bulkDeleting}
          onSelectAllMatching={() => setAllMatching(true)}
          onClearSelection={clearSelection}
          onBulkEdit={() => setBulkEditOpen(true)}
          onDeleteSelected={() =>
            allMatching ? deletes.confirmBulkDelete({ filter: state.filter }, total) : deletes.confirmBulkDelete({ ids: selectedIds }, selectedIds.length)
          }
        />
      )}

      {list.isError && data && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} py={8}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {PRODUCT_MESSAGES.loadFailed}
              {isApiError(list.error) && list.error.status === 400 ? `: ${list.error.message}` : ''}. The table shows the last loaded
              results.
            </Text>
            <Button size="compact-sm" variant="white" color="red" onClick={() => list.refetch()} loading={list.isFetching}>
              Try Again
            </Button>
          </Group>
        </Alert>
      )}

      <Card withBorder padding={0}>
        {!data ? (
          list.isError ? (
            <Stack align="center" p="xl" gap="xs">
              <Text fw={600}>{PRODUCT_MESSAGES.loadFailed}</Text>
              <Button size="xs" variant="light" onClick={() => list.refetch()} loading={list.isFetching}>
                Try Again
              </Button>
            </Stack>
          ) : (
            <ContentLoader label="Loading products" />
          )
        ) : (
          <ProductsTable
            products={products}
            units={units}
            visibleColumns={preferences.visibleColumns}
            columnWidths={preferences.columnWidths}
            onColumnWidthsChange={preferences.setColumnWidths}
            sort={state.sort}
            onToggleSort={state.toggleSort}
            rowSelection={rowSelection}
            onRowSelectionChange={(selection) => {
              setRowSelection(selection);
              setAllMatching(false);
            }}
            onQuickEdit={(product) => setProductForm({ mode: 'edit', product })}
            onViewDetails={openProductDetails}
            onDuplicate={(product) => setProductForm({ mode: 'duplicate', product })}
            onDelete={deletes.confirmDeleteProduct}
            scrollKey={state.viewKey}
            busy={list.isFetching}
            emptyState={<ProductsEmptyState search={state.url.search} filtered={filtered} onClearFilters={state.clearFilters} />}
          />
        )}
      </Card>

      {data && (
        <PaginationBar
          page={state.page}
          pageSize={preferences.pageSize}
          total={total}
          pages={data.pagination.pages}
          loading={list.isFetching}
          onPageChange={state.setPage}
          onPageSizeChange={preferences.setPageSize}
        />
      )}

      <ColumnCustomiserModal
        opened={columnsOpen}
        onClose={() => setColumnsOpen(false)}
        visibleColumns={preferences.visibleColumns}
        onChange={preferences.setVisibleColumns}
        onResetWidths={preferences.resetColumnWidths}
      />
      <ProductFormModal target={productForm} onClose={() => setProductForm(null)} />
      <BulkEditModal
        opened={bulkEditOpen}
        target={allMatching ? { filter: state.filter } : { ids: selectedIds }}
        count={allMatching ? total : selectedIds.length}
        onClose={() => setBulkEditOpen(false)}
      />
      <CategoryPickerModal
        opened={picker === 'vendor'}
        title="Select Vendor Categories"
        tree={vendorCategories.data ?? []}
        loading={vendorCategories.isPending}
        errorMessage={vendorCategories.isError ? 'Error loading categories' : undefined}
        selectedIds={state.url.vendorCategoryIds}
        onApply={state.setVendorCategoryIds}
        onClose={() => setPicker(null)}
      />
      <CategoryPickerModal
        opened={picker === 'store'}
        title="Select Store Categories"
        tree={storeTree}
        loading={allCategories.isPending}
        errorMessage={allCategories.isError ? 'Error loading categories' : undefined}
        selectedIds={state.url.storeCategoryIds}
        onApply={state.setStoreCategoryIds}
        onClose={() => setPicker(null)}
      />
    </Stack>
  );
}
