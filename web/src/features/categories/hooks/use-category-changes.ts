import type { Category, CategoryNode } from '@bosun/shared';
import { useCallback, useState } from 'react';
import { notify } from '../../../components/ui/notify';
import { useBulkDeleteCategories } from '../api/bulk-delete-categories';
import { useDeleteCategory } from '../api/delete-category';
import { useMergeCategories } from '../api/merge-categories';
import { categoryErrorMessage } from '../category-errors';
import { CATEGORY_UI_MESSAGES } from '../category-messages';
import { openBulkDeleteCategoriesConfirm } from '../components/confirm-bulk-delete-categories';
import { openDeleteCategoryConfirm } from '../components/confirm-delete-category';

interface CategoryChangesOptions {
  selected: ReadonlySet<number>;
  /** The selected ids that are still in the list, as categories. */
  selectedCategories: Category[];
  byId: ReadonlyMap<number, Category>;
  /** After a delete or merge: the categories selected may be gone. */
  onChanged: () => void;
}

/** The deletes and the merge of /categories, each behind its confirmation and with its toasts. */
export function useCategoryChanges({ selected, selectedCategories, byId, onChanged }: CategoryChangesOptions) {
  const deleteCategory = useDeleteCategory();
  const bulkDelete = useBulkDeleteCategories();
  const mergeCategories = useMergeCategories();
  const [merge, setMerge] = useState<{ opened: boolean; categories: [Category, Category] | null }>({ opened: false, categories: null });

  const confirmDelete = useCallback(
    (node: CategoryNode) =>
      openDeleteCategoryConfirm(node.name, async () => {
        try {
          const { message } = await deleteCategory.mutateAsync(node.id);
          onChanged();
          notify.success(message);
        } catch (error) {
          notify.error(categoryErrorMessage(error, CATEGORY_UI_MESSAGES.deleteFailed, CATEGORY_UI_MESSAGES.deleteFailedRetry));
        }
      }),
    [deleteCategory.mutateAsync, onChanged],
  );

  const confirmBulkDelete = () => {
    if (selectedCategories.length === 0) {
      notify.error(CATEGORY_UI_MESSAGES.selectToDelete);
      return;
    }
    openBulkDeleteCategoriesConfirm(
      selectedCategories.map((c) => c.name),
      async () => {
        try {
          const { message } = await bulkDelete.mutateAsync(selectedCategories.map((c) => c.id));
          onChanged();
          notify.success(message);
        } catch (error) {
          notify.error(categoryErrorMessage(error, CATEGORY_UI_MESSAGES.bulkDeleteFailed, CATEGORY_UI_MESSAGES.bulkDeleteFailedRetry));
        }
      },
    );
  };

  const startMerge = () => {
    if (selected.size !== 2) {
      notify.error(CATEGORY_UI_MESSAGES.selectTwoToMerge);
      return;
    }
    const pair = [...selected].map((id) => byId.get(id));
    if (pair[0] === undefined || pair[1] === undefined) {
      notify.error(CATEGORY_UI_MESSAGES.mergeNotFound);
      return;
    }
    if (pair[0].type !== pair[1].type) {
      notify.error(CATEGORY_UI_MESSAGES.mergeTypeMismatch);
      return;
    }
    setMerge({ opened: true, categories: [pair[0], pair[1]] });
  };

  const closeMerge = () => setMerge((current) => ({ ...current, opened: false }));

  const runMerge = async (keep: Category, remove: Category) => {
    try {
      const { message } = await mergeCategories.mutateAsync({ sourceCategoryId: remove.id, targetCategoryId: keep.id });
      onChanged();
      closeMerge();
      notify.success(message);
    } catch (error) {
      notify.error(categoryErrorMessage(error, CATEGORY_UI_MESSAGES.mergeFailed));
    }
  };

  return {
    confirmDelete,
    confirmBulkDelete,
    bulkDeleting: bulkDelete.isPending,
    merge,
    startMerge,
    runMerge,
    merging: mergeCategories.isPending,
    closeMerge,
  };
}
