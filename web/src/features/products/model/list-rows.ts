import type { ListedVariation, Product } from '@bosun/shared';

/**
 * The rows the list draws: its products, and with 'Show variations' each variable product's
 * variations under it (as many as the server answered), then a row saying how many more there are.
 */
export type ListRow =
  | { type: 'product'; key: string; product: Product }
  | { type: 'variation'; key: string; product: VariationRowProduct; parent: Product }
  | { type: 'more'; key: string; parent: Product; remaining: number };

export const variationsPath = (productId: number) => `/product/${productId}/variations`;

/** 'Rope — 10 mm / 50 m': the parent's name and the variation's values. */
export const variationName = (parentName: string, values: readonly string[]) =>
  values.length ? `${parentName} — ${values.join(' / ')}` : parentName;

/** A variation drawn with the product columns, knowing its parent's name and its own values apart. */
export type VariationRowProduct = Product & { parent_name: string; variation_values: string[] };

export const isVariationRow = (product: Product): product is VariationRowProduct => 'variation_values' in product;

/**
 * A variation as a row of the product columns: its own codes, stock, prices and enabled flag;
 * the parent's name (with the values), brand, vendor and categories; weight, sizes and image its
 * own or, when empty, the parent's (as the shop shows them).
 */
export function variationRowProduct(parent: Product, variation: ListedVariation): VariationRowProduct {
  return {
    ...parent,
    parent_name: parent.name,
    variation_values: variation.values,
    id: variation.id,
    sku: variation.sku,
    gtin: variation.gtin,
    mfn: variation.mfn,
    name: variationName(parent.name, variation.values),
    stock: variation.stock,
    list_price: variation.list_price,
    market_price: variation.market_price,
    vendor_cost: variation.vendor_cost,
    special_price: variation.special_price,
    weight: variation.weight ?? parent.weight,
    length: variation.length ?? parent.length,
    width: variation.width ?? parent.width,
    height: variation.height ?? parent.height,
    image_url: variation.image_url ?? parent.image_url,
    published: variation.enabled,
    created_at: variation.created_at,
    updated_at: variation.updated_at,
    kind: 'variation',
    variation_count: 0,
    variation_price_max: null,
    matched_variation: undefined,
  };
}

export function buildListRows(products: readonly Product[], variations: readonly ListedVariation[] | undefined): ListRow[] {
  const product = (p: Product): ListRow => ({ type: 'product', key: `p${p.id}`, product: p });
  if (!variations) return products.map(product);
  const byParent = new Map<number, ListedVariation[]>();
  for (const v of variations) {
    const list = byParent.get(v.parent_id);
    if (list) list.push(v);
    else byParent.set(v.parent_id, [v]);
  }
  const rows: ListRow[] = [];
  for (const parent of products) {
    rows.push(product(parent));
    if (parent.kind !== 'variable') continue;
    const shown = byParent.get(parent.id) ?? [];
    for (const v of shown) rows.push({ type: 'variation', key: `v${v.id}`, product: variationRowProduct(parent, v), parent });
    const remaining = parent.variation_count - shown.length;
    if (remaining > 0) rows.push({ type: 'more', key: `m${parent.id}`, parent, remaining });
  }
  return rows;
}
