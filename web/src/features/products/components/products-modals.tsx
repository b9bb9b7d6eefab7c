import type { BulkUpdateTarget } from '../api/bulk-update-products';
import type { FilterChoices } from '../hooks/use-filter-choices';
import type { ListPreferences } from '../hooks/use-list-preferences';
import type { ProductListState } from '../hooks/use-product-list-state';
import { BulkEditModal } from './bulk-edit-modal';
import { CategoryPickerModal } from './category-picker-modal';
import { ColumnCustomiserModal } from './column-customiser-modal';
import { ProductFormModal, type ProductFormTarget } from './product-form-modal';

/** The one modal of the products list that is open, if any. */
export type ProductsModal =
  | { kind: 'columns' }
  | { kind: 'product-form'; target: ProductFormTarget }
  | { kind: 'bulk-edit' }
  | { kind: 'vendor-categories' }
  | { kind: 'store-categories' };

interface ProductsModalsProps {
  modal: ProductsModal | null;
  onClose: () => void;
  preferences: ListPreferences;
  state: ProductListState;
  choices: FilterChoices;
  /** What a bulk edit changes: the selected ids, or the filter when 'select all matching' is on. */
  bulkTarget: BulkUpdateTarget;
  /** How many products the bulk target holds, as the bulk bar shows it. */
  bulkCount: number;
}

/** The products list's modals, every one mounted so that each can animate open and closed. */
export function ProductsModals({ modal, onClose, preferences, state, choices, bulkTarget, bulkCount }: ProductsModalsProps) {
  const { vendorCategories, allCategories } = choices;
  return (
    <>
      <ColumnCustomiserModal
        opened={modal?.kind === 'columns'}
        onClose={onClose}
        visibleColumns={preferences.visibleColumns}
        onChange={preferences.setVisibleColumns}
        onResetWidths={preferences.resetColumnWidths}
      />
      <ProductFormModal target={modal?.kind === 'product-form' ? modal.target : null} onClose={onClose} />
      <BulkEditModal opened={modal?.kind === 'bulk-edit'} target={bulkTarget} count={bulkCount} onClose={onClose} />
      <CategoryPickerModal
        opened={modal?.kind === 'vendor-categories'}
        title="Select Vendor Categories"
        tree={vendorCategories.data ?? []}
        loading={vendorCategories.isPending}
        errorMessage={vendorCategories.isError ? 'Error loading categories' : undefined}
        selectedIds={state.url.vendor_category_ids}
        onApply={state.setVendorCategoryIds}
        onClose={onClose}
      />
      <CategoryPickerModal
        opened={modal?.kind === 'store-categories'}
        title="Select Store Categories"
        tree={choices.storeTree}
        loading={allCategories.isPending}
        errorMessage={allCategories.isError ? 'Error loading categories' : undefined}
        selectedIds={state.url.store_category_ids}
        onApply={state.setStoreCategoryIds}
        onClose={onClose}
      />
    </>
  );
}
