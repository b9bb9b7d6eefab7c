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
