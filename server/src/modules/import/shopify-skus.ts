/**
 * Shopify needs no SKU, and real exports often leave 'Variant SKU' empty. Bosun finds a product
 * by its SKU, so the import makes one, the same on every import of the file (importing it again
 * updates the same products): a product without options takes its Handle (as a product with
 * variants already does), a variant the Handle and its option values ('life-jacket' with L and
 * Navy Blue: 'life-jacket-l-navy-blue'). The row says which SKU it got. A SKU made that another
 * variant of the product gives or makes is that row's error, never an update of the other; one
 * stored as another product already is refused by the rules for any variation row (a product of
 * its own, or another product's variation: import-rules.ts).
 */
const slugPart = (text: string) => text.toLocaleLowerCase('en-US').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');

export const madeVariantSku = (handle: string, values: readonly string[]) => [handle, ...values.map(slugPart)].filter(Boolean).join('-');

export const madeSkuTaken = (sku: string) => `no SKU given, and '${sku}', made from the Handle and option values, is another variant's of this product: give this variant a SKU`;
