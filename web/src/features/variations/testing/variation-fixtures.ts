/** Test data of the variations screen: a variation and a parent's screen data with plausible values. */
import { DEFAULT_ATTRIBUTE_SETTINGS, statusOfQuantity, type StoredAttribute, type Variation, type VariationsResponse } from '@bosun/shared';

export function variation(id: number, fields: Partial<Variation> = {}): Variation {
  return {
    id,
    sku: `ROPE-${id}`,
    gtin: null,
    mfn: null,
    stock: 5,
    stock_status: fields.stock_status ?? (fields.stock === null ? 'in_stock' : statusOfQuantity(fields.stock ?? 5)),
    list_price: 20,
    market_price: null,
    vendor_cost: null,
    special_price: null,
    weight: null,
    length: null,
    width: null,
    height: null,
    image_url: null,
    enabled: true,
    values: [],
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...fields,
  };
}

export const ROPE_ATTRIBUTES: StoredAttribute[] = [
  { name: 'Diameter', values: ['8 mm', '10 mm', '12 mm'], ...DEFAULT_ATTRIBUTE_SETTINGS },
  { name: 'Length', values: ['10 m', '25 m', '50 m', '100 m'], ...DEFAULT_ATTRIBUTE_SETTINGS },
];

/** A rope with Diameter × Length and a variation for each combination, ids from 101. */
export function ropeScreen(attributes: StoredAttribute[] = ROPE_ATTRIBUTES, fields: Partial<VariationsResponse['product']> = {}): VariationsResponse {
  const combos = attributes.reduce<string[][]>((all, a) => all.flatMap((prefix) => a.values.map((v) => [...prefix, v])), [[]]);
  const variations = attributes.length
    ? combos.map((values, i) => variation(101 + i, { values, sku: `ROPE-${values.join('-').replaceAll(' ', '')}`, stock: 5 }))
    : [];
  return {
    product: { id: 7, sku: 'ROPE', name: 'Rope', kind: attributes.length ? 'variable' : 'simple', weight: 2, length: null, width: null, height: null, image_url: null, ...fields },
    attributes,
    variations,
    stock_total: variations.length * 5,
    price_min: variations.length ? 20 : null,
    price_max: variations.length ? 20 : null,
  };
}
