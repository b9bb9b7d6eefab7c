import { PRODUCT_MESSAGES, type Product } from '@bosun/shared';
import { Stack, Text } from '@mantine/core';
import { openConfirm } from '../../../components/ui/confirm';
import type { ReactNode } from 'react';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-errors';
import { useUndoActions } from '../../history';
import { useBulkDeleteProducts, type BulkDeleteTarget } from '../api/bulk-delete-products';
import { useDeleteProduct } from '../api/delete-product';

/** The confirmation's question, and under it what else goes (a variable product's variations). */
function confirmation(question: string, also: string | null): ReactNode {
  if (!also) return question;
  return (
    <Stack gap="xs">
      <Text size="sm">{question}</Text>
      <Text size="sm" fw={500}>
        {also}
      </Text>
    </Stack>
  );
}

/** Deleting one product, from the list or its page: behind the spec's confirmation, with its toasts. */
export function useConfirmDeleteProduct(onDeleted: (product: Product) => void) {
  const deleteProduct = useDeleteProduct();
  const confirmDeleteProduct = (product: Product) =>
    openConfirm({
      title: 'Delete Product',
      children: confirmation(PRODUCT_MESSAGES.confirmDelete, product.variation_count > 0 ? PRODUCT_MESSAGES.alsoDeletesVariations(product.variation_count) : null),
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
  const { undoNow } = useUndoActions();

  /**
   * `count` is what the user sees selected; with a filter target it is the list's total.
   * `variations` is how many variations go with them, 'unknown' when not every product is on screen.
   */
  const confirmBulkDelete = (target: BulkDeleteTarget, count: number, variations: number | 'unknown' = 0) => {
    if (count === 0 || ('ids' in target && target.ids.length === 0)) {
      notify.warning(PRODUCT_MESSAGES.selectToDelete);
      return;
    }
    openConfirm({
      title: 'Delete Products',
      children: confirmation(PRODUCT_MESSAGES.confirmBulkDelete(count), variations === 0 ? null : PRODUCT_MESSAGES.bulkAlsoDeletesVariations(variations)),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const { deleted, variations_deleted, changeId } = await bulkDelete.mutateAsync(target);
          // The delete is recorded: the toast takes it back in one click.
          notify.success(PRODUCT_MESSAGES.bulkDeleted(deleted, variations_deleted), typeof changeId === 'number' ? { label: 'Undo', onClick: () => void undoNow(changeId) } : undefined);
          onDeleted('ids' in target ? target.ids : 'all');
        } catch {
          notify.error(PRODUCT_MESSAGES.bulkDeleteFailed);
        }
      },
    });
  };

  return { confirmDeleteProduct, confirmBulkDelete, bulkDeleting: bulkDelete.isPending };
}
