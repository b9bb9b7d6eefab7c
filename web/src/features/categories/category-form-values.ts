import { CATEGORY_MESSAGES, categoryBodySchema, type CategoryBody, type CategoryNode, type CategoryType } from '@bosun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';

export interface CategoryFormValues {
  name: string;
  type: CategoryType;
  parent_id: number | null;
  vendor_id: number | null;
  status: string;
}

/** What the management screen's form was opened for. */
export type CategoryFormIntent =
  | { kind: 'create' }
  | { kind: 'subcategory'; parent: CategoryNode }
  | { kind: 'edit'; category: CategoryNode };

export const DEFAULT_CATEGORY_STATUS = 'active';

/**
 * SPEC §5 Category form: a new top-level category is a store category, active, of the vendor the
 * filter shows; a new subcategory takes its parent's type and sits under it, with the filter's vendor
 * or else its parent's. An edit starts from the category as it is.
 */
export function categoryFormDefaults(intent: CategoryFormIntent, vendorFilter: number | null): CategoryFormValues {
  switch (intent.kind) {
    case 'create':
      return { name: '', type: 'store', parent_id: null, vendor_id: vendorFilter, status: DEFAULT_CATEGORY_STATUS };
    case 'subcategory':
      return {
        name: '',
        type: intent.parent.type,
        parent_id: intent.parent.id,
        vendor_id: vendorFilter ?? intent.parent.vendor_id,
        status: DEFAULT_CATEGORY_STATUS,
      };
    case 'edit': {
      const { name, type, parent_id, vendor_id, status } = intent.category;
      return { name, type, parent_id, vendor_id, status: status || DEFAULT_CATEGORY_STATUS };
    }
  }
}

export const categoryFormTitle = (intent: CategoryFormIntent) =>
  intent.kind === 'edit' ? 'Edit Category' : intent.kind === 'subcategory' ? 'Add Subcategory' : 'Add Category';

/**
 * Validates the body with the server's own schema ({name, type, parent_id, vendor_id, status}), and
 * refuses a category as its own parent before asking the server.
 */
export function categoryFormResolver(editingId: number | null): Resolver<CategoryFormValues, unknown, CategoryBody> {
  const validate = zodResolver(categoryBodySchema) as unknown as Resolver<CategoryFormValues, unknown, CategoryBody>;
  return async (values, context, options) => {
    const result = await validate(values, context, options);
    if (editingId !== null && values.parent_id === editingId) {
      const errors: FieldErrors<CategoryFormValues> = {
        ...result.errors,
        parent_id: { type: 'validate', message: CATEGORY_MESSAGES.ownParent },
      };
      return { values: {}, errors };
    }
    return result;
  };
}
