import { z } from 'zod';

export const CATEGORY_TYPES = ['vendor', 'store'] as const;
export const MAX_CATEGORY_LEVEL = 5;

export const CATEGORY_MESSAGES = {
  nameRequired: 'Category name is required',
  ownParent: 'A category cannot be its own parent',
  badType: "Category type must be 'vendor' or 'store'",
  parentNotFound: 'Parent category not found',
  parentTypeMismatch: 'The parent category must be of the same type',
  parentTooDeep: 'The parent category must have a level below 5 (maximum depth 5)',
  cycle: 'A category cannot be moved under one of its own subcategories',
  subtreeTooDeep: 'Moving this category would put its subcategories deeper than level 5',
  typeLocked: 'A category with subcategories or products cannot change type',
  vendorNotFound: 'Vendor not found',
  notFound: 'Category not found',
  created: 'Category created successfully',
  updated: 'Category updated successfully',
  deleted: 'Category deleted successfully',
  selectToDelete: 'Please select categories to delete',
  selectTwoToMerge: 'Please select exactly 2 categories to merge',
  mergeNotFound: 'Error: Could not find selected categories',
  mergeTypeMismatch: 'Cannot merge categories of different types',
  mergeSame: 'Choose two different categories to merge',
  mergeIntoDescendant: 'A category cannot be merged into one of its own subcategories',
  mergeTooDeep: 'Merging would put subcategories deeper than level 5',
  chooseKeep: 'Please select which category to keep',
  cacheCleared: 'Category cache cleared',
} as const;

export const categoryTypeSchema = z.enum(CATEGORY_TYPES, CATEGORY_MESSAGES.badType);
export type CategoryType = z.infer<typeof categoryTypeSchema>;

export interface CategoryNode {
  id: number;
  name: string;
  type: CategoryType;
  description: CategoryType;
  parent_id: number | null;
  parent_name: string | null;
  vendor_id: number | null;
  vendor_name: string | null;
  level: number;
  status: string;
  /** Products in this category and all its subcategories. */
  product_count: number;
  created_at: string;
  updated_at: string;
  subcategories?: CategoryNode[];
}

const categoryFields = {
  id: z.number().int(),
  name: z.string(),
  type: categoryTypeSchema,
  /** The simple tree screen reads the type from this field. */
  description: categoryTypeSchema,
  parent_id: z.number().int().nullable(),
  parent_name: z.string().nullable(),
  vendor_id: z.number().int().nullable(),
  vendor_name: z.string().nullable(),
  level: z.number().int(),
  status: z.string(),
  product_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
};

export const categorySchema = z.object(categoryFields);
export type Category = z.infer<typeof categorySchema>;

export const categoryNodeSchema: z.ZodType<CategoryNode> = z.object({
  ...categoryFields,
  get subcategories() {
    return z.array(categoryNodeSchema).optional();
  },
});

export const categoriesResponseSchema = z.object({
  categories: z.array(categoryNodeSchema),
  flatCategories: z.array(categorySchema),
});
export const vendorCategoriesResponseSchema = z.object({ categories: z.array(categoryNodeSchema) });
export const vendorCategoriesQuerySchema = z.object({ type: categoryTypeSchema.optional() });
export const vendorIdParamsSchema = z.object({ vendorId: z.coerce.number().int().positive() });

/** Empty parent or vendor from a form means none. */
const optionalId = z.preprocess(
  (v) => (v === '' || v === 0 || v === '0' ? null : v),
  z.coerce.number().int().positive().nullable().optional(),
);

/**
 * POST/PUT /categories: the management screen sends {name, type, parent_id, vendor_id, status};
 * the simple tree screen sends {name, description, parent_id} where description holds the type.
 */
export const categoryBodySchema = z
  .object({
    name: z.string(CATEGORY_MESSAGES.nameRequired).trim().min(1, CATEGORY_MESSAGES.nameRequired).max(200, 'Category name must be at most 200 characters'),
    type: categoryTypeSchema.optional(),
    description: categoryTypeSchema.optional(),
    parent_id: optionalId,
    vendor_id: optionalId,
    status: z.string().trim().min(1).max(32).optional(),
  })
  .strict();
export type CategoryBody = z.infer<typeof categoryBodySchema>;

export const categoryResponseSchema = z.object({ category: categorySchema });

export const bulkDeleteCategoriesBodySchema = z.object({
  categoryIds: z.array(z.number().int().positive()).min(1, CATEGORY_MESSAGES.selectToDelete).max(10_000),
});
export const bulkDeleteCategoriesResponseSchema = z.object({ message: z.string(), deleted: z.number().int() });

export const mergeCategoriesBodySchema = z.object({
  sourceCategoryId: z.number().int().positive(),
  targetCategoryId: z.number().int().positive(),
  categoryType: z.string().optional(),
});
export type MergeCategoriesBody = z.infer<typeof mergeCategoriesBodySchema>;
