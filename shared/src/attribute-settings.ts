/**
 * The storefront settings a variable product's attribute has when nothing says otherwise
 * (WooCommerce's own for a new attribute): shown on the product page, not one of the shop's global
 * attributes, no variation preselected. Apart from variants.ts (no zod): the import's worker reads it.
 */
export const DEFAULT_ATTRIBUTE_SETTINGS = { visible: true, global: false, default_value: null } as const;
