import type { FieldMapping } from './import-fields.js';

const normalise = (header: string) =>
  header
    .toLowerCase()
    .replace(/^meta:\s*/, '')
    .replace(/\(.*?\)/g, ' ')
    .replace(/[_\-?:/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const levelOf = (text: string) => /(\d)/.exec(text)?.[1];

/**
 * WooCommerce's variation columns ('Type', 'Parent', 'ID', 'Attribute 1 name', 'Attribute 1
 * value(s)') and Bosun's direct layout's ('Parent SKU', 'Attribute 1 Values'), by exact name:
 * 'Attribute 1 name' must not fall to the keyword guess for the product's name.
 */
function variantField(h: string): string | undefined {
  if (h === 'type') return 'product_type';
  if (h === 'parent' || h === 'parent sku') return 'parent_sku';
  if (h === 'id') return 'source_id';
  if (h === 'handle') return 'handle';
  const attribute = /^attribute (\d) (name|values?)$/.exec(h);
  if (attribute && Number(attribute[1]) >= 1 && Number(attribute[1]) <= 3) return `attribute_${attribute[1]}_${attribute[2] === 'name' ? 'name' : 'values'}`;
  return undefined;
}

/**
 * The field a header most likely means and how sure that is (higher wins). Exact names (including
 * what Bosun's two export layouts and WooCommerce's exporter write) beat keyword guesses, so
 * 'Category Path' wins category_hierarchy over 'Categories', and 'Meta: visibility' over
 * 'Visibility in catalog'.
 */
export function guessField(header: string): { key: string; score: number } | undefined {
  const h = normalise(header);
  const compact = h.replace(/\s/g, '');
  const exact: Record<string, string> = {
    sku: 'sku', name: 'name', 'product name': 'name', brand: 'brand', brands: 'brand', mfn: 'mfn', gtin: 'gtin',
    'gtin, upc, ean, or isbn': 'gtin', upc: 'gtin', ean: 'gtin', isbn: 'gtin', 'short description': 'short_description',
    description: 'description', 'image url': 'image_url', images: 'images', image: 'image_url', stock: 'stock',
    'list price': 'list_price', 'regular price': 'list_price', 'market price': 'market_price', 'vendor cost': 'vendor_cost',
    'special price': 'special_price', 'sale price': 'special_price', weight: 'weight', length: 'length', width: 'width',
    height: 'height', 'google category': 'google_category', published: 'published', featured: 'featured',
    'is featured': 'featured', visibility: 'visibility', 'category path': 'category_hierarchy',
    'category hierarchy': 'category_hierarchy', 'meta title': 'meta_title', 'meta description': 'meta_description',
    'meta keywords': 'meta_keywords', tags: 'tags',
  };
  const byKey = h.replace(/ /g, '_');
  if (exact[h]) return { key: exact[h], score: 3 };
  const variant = variantField(h);
  if (variant) return { key: variant, score: 3 };
  // WooCommerce's 'Attribute 1 visible' / 'global' / 'default' are storefront settings Bosun has no field for.
  if (/^attribute \d /.test(h)) return undefined;
  if (/^(vendor|store) (parent ?category|category)$/.test(h)) return { key: `${h.split(' ')[0]}_category`, score: 3 };
  if (/^(vendor|store) sub ?category ?\d$/.test(h)) return { key: `${h.split(' ')[0]}_subcategory_${levelOf(h)}`, score: 3 };
  if (['market_price', 'vendor_cost', 'google_category', 'meta_title', 'meta_description', 'meta_keywords', 'list_price', 'special_price', 'image_url', 'short_description'].includes(byKey)) {
    return { key: byKey, score: 3 };
  }
  // Keyword guesses (SPEC §5 Import), weaker than the names above.
  const has = (...words: string[]) => words.every((w) => h.includes(w));
  for (const tree of ['vendor', 'store'] as const) {
    if (has(tree, 'sub') && has('categ') && levelOf(h)) return { key: `${tree}_subcategory_${levelOf(h)}`, score: 2 };
    if (has(tree, 'categ')) return { key: `${tree}_category`, score: 2 };
  }
  if (has('categ') && (has('hierarch') || has('path') || compact === 'categories')) return { key: 'category_hierarchy', score: 1 };
  if (has('sku')) return { key: 'sku', score: 2 };
  if (has('name') && !has('categ') && !has('vendor')) return { key: 'name', score: 2 };
  if ((has('image') && (has('url') || has('link'))) || has('img')) return { key: 'image_url', score: 2 };
  if (has('short') && has('desc')) return { key: 'short_description', score: 2 };
  if (has('desc') && !has('meta')) return { key: 'description', score: 1 };
  if (has('brand') || has('manufacturer name')) return { key: 'brand', score: 2 };
  if (has('mfn') || has('mpn') || has('manufacturer part')) return { key: 'mfn', score: 2 };
  if (has('gtin') || has('upc') || has('ean') || has('barcode')) return { key: 'gtin', score: 2 };
  if (has('stock') && !has('in stock') && !has('status')) return { key: 'stock', score: 2 };
  if (has('qty') || has('quantity')) return { key: 'stock', score: 1 };
  if (has('list') && has('price')) return { key: 'list_price', score: 2 };
  if ((has('market') || has('msrp')) && (has('price') || has('msrp'))) return { key: 'market_price', score: 2 };
  if (has('cost')) return { key: 'vendor_cost', score: 2 };
  if (has('special') || has('sale price')) return { key: 'special_price', score: 2 };
  if (has('price')) return { key: 'list_price', score: 1 };
  if (has('weight')) return { key: 'weight', score: 2 };
  if (has('length')) return { key: 'length', score: 2 };
  if (has('width')) return { key: 'width', score: 2 };
  if (has('height')) return { key: 'height', score: 2 };
  if (has('google')) return { key: 'google_category', score: 2 };
  if (has('publish')) return { key: 'published', score: 2 };
  if (has('featur')) return { key: 'featured', score: 2 };
  if (has('visib')) return { key: 'visibility', score: 2 };
  return undefined;
}

/**
 * Shopify's product CSV by its own column names: the product's on its first row, the variant's
 * on every row ('Type' there is a product type, not WooCommerce's simple/variable/variation).
 */
const SHOPIFY: Record<string, string> = {
  handle: 'handle', title: 'name', 'body': 'description', vendor: 'brand', published: 'published', 'variant sku': 'sku',
  'variant grams': 'weight', 'variant inventory qty': 'stock', 'variant price': 'list_price', 'variant compare at price': 'market_price',
  'variant barcode': 'gtin', 'variant image': 'image_url', 'image src': 'images', 'cost per item': 'vendor_cost', 'seo title': 'meta_title',
  'seo description': 'meta_description', 'google shopping google product category': 'google_category',
  'option1 name': 'attribute_1_name', 'option1 value': 'attribute_1_values', 'option2 name': 'attribute_2_name',
  'option2 value': 'attribute_2_values', 'option3 name': 'attribute_3_name', 'option3 value': 'attribute_3_values', tags: 'tags',
};
const isShopifyFile = (headers: readonly string[]) => headers.some((h) => normalise(h) === 'handle') && headers.some((h) => normalise(h) === 'variant sku');

/** One column per field: for each field, the header that means it most surely (the first on a tie). */
export function autoMapHeaders(headers: readonly string[]): FieldMapping {
  const best = new Map<string, { header: string; score: number }>();
  const shopify = isShopifyFile(headers);
  for (const header of headers) {
    const guess = shopify ? (SHOPIFY[normalise(header)] ? { key: SHOPIFY[normalise(header)]!, score: 4 } : undefined) : guessField(header);
    if (!guess) continue;
    const current = best.get(guess.key);
    if (!current || guess.score > current.score) best.set(guess.key, { header, score: guess.score });
  }
  return Object.fromEntries([...best].map(([key, { header }]) => [key, header]));
}
