import type { CategoryBody, CategoryNode } from '@bosun/shared';

import { useMemo } from 'react';
import { notify } from '../../../components/ui/notify';
import { fieldErrorsFromApiError } from '../../../lib/api-errors';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';
import type { VendorOption } from '../api/get-vendor-options';
import { categoryErrorMessage } from '../category-errors';
import { categoryFormDefaults, categoryFormTitle, type CategoryFormIntent } from '../category-form-values';
import { CATEGORY_UI_MESSAGES } from '../category-messages';
import { findCategory } from '../category-tree-logic';
import { CategoryForm, type CategoryServerFieldErrors } from './category-form';
import { Dialog } from '../../../components/ui/dialog';

const SERVER_FIELDS = ['name', 'type', 'parent_id', 'vendor_id'] as const;

interface CategoryFormModalProps {
  opened: boolean;
  intent: CategoryFormIntent;
  /** The whole tree, unfiltered. */
  tree: CategoryNode[];
  vendors: VendorOption[];
  vendorFilter: number | null;
  onClose: () => void;
  /** After a successful save (the list is already refetched). */
  onSaved: () => void;
}

export function CategoryFormModal({ opened, intent, tree, vendors, vendorFilter, onClose, onSaved }: CategoryFormModalProps) {
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();
  // The node as the full tree has it: a search may have trimmed the subcategories of the one clicked.
  const editing = useMemo(
    () => (intent.kind === 'edit' ? (findCategory(tree, intent.category.id) ?? intent.category) : undefined),
    [intent, tree],
  );

  const save = async (body: CategoryBody): Promise<CategoryServerFieldErrors | void> => {
    try {
      if (editing) {
        await updateCategory.mutateAsync({ id: editing.id, body });
        notify.success(CATEGORY_UI_MESSAGES.updated);
      } else {
        await createCategory.mutateAsync(body);
        notify.success(CATEGORY_UI_MESSAGES.created);
      }
      onSaved();
      onClose();
    } catch (error) {
      // A message about one field (a parent too deep, a vendor gone) is shown under it, and toasted.
      const fieldErrors = fieldErrorsFromApiError(error, SERVER_FIELDS);
      notify.error(categoryErrorMessage(error, CATEGORY_UI_MESSAGES.saveFailed, CATEGORY_UI_MESSAGES.saveFailedRetry));
      if (Object.keys(fieldErrors).length > 0) return fieldErrors;
    }
  };

  const formKey = intent.kind === 'edit' ? `edit-${intent.category.id}` : intent.kind === 'subcategory' ? `sub-${intent.parent.id}` : 'create';

  return (
    <Dialog opened={opened} onClose={onClose} title={categoryFormTitle(intent)} size="md">
      {/* Keyed so that each opening starts from its own defaults. */}
      <CategoryForm
        key={formKey}
        defaultValues={categoryFormDefaults(intent, vendorFilter)}
        editing={editing}
        tree={tree}
        vendors={vendors}
        onSubmit={save}
        onCancel={onClose}
      />
    </Dialog>
  );
}
