import { PRODUCT_MESSAGES, type Product } from '@bosun/shared';
import { modals } from '@mantine/modals';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-errors';
import { useBulkDeleteProducts, type BulkDeleteTarget } from '../api/bulk-delete-products';
import { useDeleteProduct } from '../api/delete-product';

/** Deleting one product, from the list or its page: behind the spec's confirmation, with its toasts. */
export function useConfirmDeleteProduct(onDeleted: (product: Product) => void) {
  const deleteProduct = useDeleteProduct();
  const confirmDeleteProduct = (product: Product) =>
    modals.openConfirmModal({
      title: 'Delete Product',
      children: PRODUCT_MESSAGES.confirmDelete,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await deleteProduct.mutateAsync(product.id);
          notify.success(PRODUCT_MESSAGES.deleted);
          onDeleted(product);
        } catch (error) {
          notify.error(errorMessage(error, PRODUCT_MESSAGES.deleteFailed));
        }
      },
    });
  return { confirmDeleteProduct, deleting: deleteProduct.isPending };
}

/** The two deletes of the list, each behind the spec's confirmation and with its toasts. */
export function useDeleteActions({ onDeleted }: { onDeleted: (ids: number[] | 'all') => void }) {
  const { confirmDeleteProduct } = useConfirmDeleteProduct((product) => onDeleted([product.id]));
  const bulkDelete = useBulkDeleteProducts();

  /** `count` is what the user sees selected; with a filter target it is the list's total. */
  const confirmBulkDelete = (target: BulkDeleteTarget, count: number) => {
    if (count === 0 || ('ids' in target && target.ids.length === 0)) {
      notify.warning(PRODUCT_MESSAGES.selectToDelete);
      return;
    }
    modals.openConfirmModal({
      title: 'Delete Products',
      children: PRODUCT_MESSAGES.confirmBulkDelete(count),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const { deleted } = await bulkDelete.mutateAsync(target);
          notify.success(PRODUCT_MESSAGES.bulkDeleted(deleted));
          onDeleted('ids' in target ? target.ids : 'all');
        } catch {
          notify.error(PRODUCT_MESSAGES.bulkDeleteFailed);
        }
      },
    });
  };

  return { confirmDeleteProduct, confirmBulkDelete, bulkDeleting: bulkDelete.isPending };
}
