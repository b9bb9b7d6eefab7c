import { AUTH_MESSAGES, type Product } from '@bosun/shared';
import { Card, Stack } from '@mantine/core';
import { useState } from 'react';
import { AccessDenied } from '../../../components/ui/access-denied';
import { ContentLoader } from '../../../components/ui/loaders';
import { useIsPhone } from '../../../components/ui/use-is-phone';
import { isForbidden } from '../../../lib/api-client';
import { hasPermission, isAdmin, useCurrentUser } from '../../auth';
import { useDeleteActions } from '../hooks/use-delete-actions';
import { useFilterChoices } from '../hooks/use-filter-choices';
import { useListPreferences } from '../hooks/use-list-preferences';
import { useProductList } from '../hooks/use-product-list';
import { useProductListState } from '../hooks/use-product-list-state';
import { useProductSelection } from '../hooks/use-product-selection';
import { useUnits } from '../hooks/use-units';
import { newFilterRow } from '../model/advanced-filter-rows';
import { activeFilterCount } from '../model/list-filter';
import { AdvancedFiltersPanel } from './advanced-filters-panel';
import { BulkBar } from './bulk-bar';
import { FilterBar } from './filter-bar';
import { ImportExportButtons } from './import/import-export-buttons';
import { ListBanners } from './list-banners';
import { ListLoadFailed, StaleRowsAlert } from './list-load-error';
import { PaginationBar } from './pagination-bar';
import { ProductCards } from './product-cards';
import { ProductsEmptyState } from './products-empty-state';
import { ProductsHeader } from './products-header';
import { ProductsModals, type ProductsModal } from './products-modals';
import { ProductsTable } from './products-table';

const openProductDetails = (product: Product) => window.open(`/product/${product.id}`, '_blank', 'noopener');

/** The /products screen (SPEC §2 Products list). */
export function ProductsView() {
  const user = useCurrentUser();
  const phone = useIsPhone();
  const preferences = useListPreferences();
  const state = useProductListState({ pageSize: preferences.pageSize, showVariations: preferences.showVariations });
  const { list, data, products, variations, total, showingCurrentAnswer } = useProductList(state);
  const units = useUnits();
  const choices = useFilterChoices(user, state.url.vendor_id);
  const [modal, setModal] = useState<ProductsModal | null>(null);
  const selection = useProductSelection(state.viewKey, products);
  const deletes = useDeleteActions({ onDeleted: selection.dropDeleted });

  if (isForbidden(list.error)) return <AccessDenied message={AUTH_MESSAGES.accessDeniedPage} />;

  const filterCount = activeFilterCount(state);
  const filtered = filterCount > 0;
  const bulkTarget = selection.allMatching ? { filter: state.filter } : { ids: selection.selectedIds };
  const bulkCount = selection.allMatching ? total : selection.selectedIds.length;
  // The variations a bulk delete takes along: known from the rows when every product it deletes is on screen.
  const everyMatchOnPage = selection.allMatching && showingCurrentAnswer && total === products.length;
  const bulkVariationCount =
    selection.allMatching && !everyMatchOnPage
      ? 'unknown'
      : products.filter((p) => everyMatchOnPage || selection.selectedIds.includes(p.id)).reduce((n, p) => n + p.variation_count, 0);

  const submitSearch = (text: string) => {
    if (text === state.url.search) void list.refetch();
    else if (text) state.applySearch(text);
    else state.clearSearch();
  };
  const clearSearch = () => {
    if (!state.url.search && !state.sort) void list.refetch();
    state.clearSearch();
  };
  const refetch = () => list.refetch();
  // What the table (desktop) and the cards (phone) both take.
  const rowProps = {
    products,
    variations,
    units,
    rowSelection: selection.rowSelection,
    onRowSelectionChange: selection.changeRows,
    sort: state.sort,
    onToggleSort: state.toggleSort,
    onQuickEdit: (product: Product) => setModal({ kind: 'product-form', target: { mode: 'edit', product } }),
    onViewDetails: openProductDetails,
    onDuplicate: (product: Product) => setModal({ kind: 'product-form', target: { mode: 'duplicate', product } }),
    onDelete: deletes.confirmDeleteProduct,
    scrollKey: state.viewKey,
    busy: list.isFetching,
    emptyState: <ProductsEmptyState search={state.url.search} filtered={filtered} onClearFilters={state.clearFilters} />,
  };

  return (
    <Stack gap="md">
      <ProductsHeader
        phone={phone}
        total={data ? total : undefined}
        narrowed={filtered || state.url.search !== ''}
        onCustomiseColumns={() => setModal({ kind: 'columns' })}
        onAddProduct={() => setModal({ kind: 'product-form', target: { mode: 'create', product: null } })}
        importExport={
          <ImportExportButtons
            filter={state.filter}
            selectedIds={selection.selectedIds}
            allMatching={selection.allMatching}
            total={total}
            vendorsAvailable={choices.vendorsAvailable}
            canCreateVendor={hasPermission(user, 'vendors')}
          />
        }
      />

      <FilterBar
        search={state.url.search}
        vendorId={state.url.vendor_id}
        vendors={choices.vendors}
        vendorsAvailable={choices.vendorsAvailable}
        categoriesAvailable={choices.categoriesAvailable}
        vendorCategoryCount={state.url.vendor_category_ids.length}
        storeCategoryCount={state.url.store_category_ids.length}
        stockStatus={state.stockStatus}
        published={state.published}
        onAddFilter={() => state.setFilterRows((rows) => [...rows, newFilterRow()])}
        onVendorChange={state.setVendor}
        onOpenVendorCategories={() => setModal({ kind: 'vendor-categories' })}
        onOpenStoreCategories={() => setModal({ kind: 'store-categories' })}
        onStockStatusChange={state.setStockStatus}
        onPublishedChange={state.setPublished}
        onClearFilters={state.clearFilters}
        onApply={submitSearch}
        onClearSearch={clearSearch}
        onClearAll={state.clearAll}
        showVariations={preferences.showVariations}
        onShowVariationsChange={preferences.setShowVariations}
        phone={phone}
        activeFilterCount={filterCount}
        problem={state.url.problem}
        onProblemChange={state.setProblem}
        completenessSort={state.sort?.column === 'completeness' ? state.sort.order : null}
        onToggleCompletenessSort={() => state.toggleSort('completeness')}
      />

      {(state.filterRows.length > 0 || state.url.tags.length > 0) && (
        <AdvancedFiltersPanel rows={state.filterRows} onChange={state.setFilterRows} tags={state.url.tags} onTagsChange={state.setTags} />
      )}

      <ListBanners
        sort={state.sort}
        search={state.url.search}
        vendorCategoryIds={state.url.vendor_category_ids}
        storeCategoryIds={state.url.store_category_ids}
        categoriesById={choices.categoriesById}
        total={showingCurrentAnswer ? total : undefined}
        onClearSort={state.clearSort}
        onClearSearch={clearSearch}
        onClearCategories={state.clearCategories}
        onRemoveCategory={(id, type) =>
          type === 'vendor'
            ? state.setVendorCategoryIds(state.url.vendor_category_ids.filter((c) => c !== id))
            : state.setStoreCategoryIds(state.url.store_category_ids.filter((c) => c !== id))
        }
      />

      {(selection.selectedIds.length > 0 || selection.allMatching) && (
        <BulkBar
          selectedCount={selection.selectedIds.length}
          pageRowCount={products.length}
          total={total}
          allMatching={selection.allMatching}
          canSelectAllMatching={showingCurrentAnswer}
          canDelete={isAdmin(user)}
          deleting={deletes.bulkDeleting}
          onSelectAllMatching={selection.selectAllMatching}
          onClearSelection={selection.clear}
          onBulkEdit={() => setModal({ kind: 'bulk-edit' })}
          onDeleteSelected={() => deletes.confirmBulkDelete(bulkTarget, bulkCount, bulkVariationCount)}
        />
      )}

      {list.isError && data && <StaleRowsAlert error={list.error} retrying={list.isFetching} onRetry={refetch} />}

      <Card withBorder padding={0}>
        {!data ? (
          list.isError ? (
            <ListLoadFailed retrying={list.isFetching} onRetry={refetch} />
          ) : (
            <ContentLoader label="Loading products" />
          )
        ) : phone ? (
          <ProductCards {...rowProps} onClearSort={state.clearSort} />
        ) : (
          <ProductsTable
            {...rowProps}
            visibleColumns={preferences.visibleColumns}
            columnWidths={preferences.columnWidths}
            onColumnWidthsChange={preferences.setColumnWidths}
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

      <ProductsModals
        modal={modal}
        onClose={() => setModal(null)}
        preferences={preferences}
        state={state}
        choices={choices}
        bulkTarget={bulkTarget}
        bulkCount={bulkCount}
      />
    </Stack>
  );
}
