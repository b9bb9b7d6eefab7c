/**
 * Header names of the export layouts, in a module without zod: the export's worker threads load
 * it, and each would otherwise load zod and every schema of the shared package (about 13 MB of
 * memory per thread).
 */

/** Direct layout: category levels per tree, named so the importer's auto-mapping recognises them. */
export const directCategoryHeaders = (tree: 'Vendor' | 'Store') => [
  `${tree} ParentCategory`,
  ...[1, 2, 3, 4].map((n) => `${tree} Subcategory${n}`),
];

/** The column naming a variation's parent by its SKU: WooCommerce's own name, and the direct layout's. */
export const PARENT_HEADERS = { woocommerce: 'Parent', direct: 'Parent SKU' } as const;

/** WooCommerce's five columns of attribute n (1-3), as its own export names them. */
export const wooAttributeHeaders = (n: number) => [
  `Attribute ${n} name`,
  `Attribute ${n} value(s)`,
  `Attribute ${n} visible`,
  `Attribute ${n} global`,
  `Attribute ${n} default`,
];

/**
 * Direct layout: attribute n's name, its values (a variation's one value), and its storefront
 * settings, named as WooCommerce's so that the import's auto-mapping reads them alike.
 */
export const directAttributeHeaders = (n: number) => [`Attribute ${n} Name`, `Attribute ${n} Values`, `Attribute ${n} Visible`, `Attribute ${n} Global`, `Attribute ${n} Default`];
