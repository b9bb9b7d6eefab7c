import type { FieldMapping } from './import-fields.js';
import { isUnitClassHeader } from './unit-sizes.js';

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
 * value(s)', 'Attribute 1 visible', 'global' and 'default') and Bosun's direct layout's ('Parent
 * SKU', 'Attribute 1 Values', 'Attribute 1 Visible', 'Global' and 'Default'), by exact name:
 * 'Attribute 1 name' must not fall to the keyword guess for the product's name.
 */
function variantField(h: string): string | undefined {
  if (h === 'type') return 'product_type';
  if (h === 'parent' || h === 'parent sku') return 'parent_sku';
  if (h === 'id') return 'source_id';
  if (h === 'handle') return 'handle';
  const attribute = /^attribute (\d) (name|values?|visible|global|default)$/.exec(h);
  if (attribute && Number(attribute[1]) >= 1 && Number(attribute[1]) <= 3) return `attribute_${attribute[1]}_${attribute[2]!.startsWith('value') ? 'values' : attribute[2]}`;
  return undefined;
}

/**
 * Headers of WooCommerce's and Shopify's files that name no Bosun field. Their words would make a
 * wrong guess ('Variant Weight Unit' is not the weight, 'Image Alt Text' not the image, 'Continue
 * selling when out of stock' not the stock), so a known name here is never guessed from its words.
 * guessField looks its exact names up first: a field added for one of these headers there wins.
 */
const NO_FIELD = new Set([
  // Shopify: the unit the shop displays a weight in (the weight itself is always in grams), images' texts and order,
  // inventory, tax and shipping settings.
  'variant weight unit', 'weight unit for display', 'image alt text', 'image position', 'variant inventory tracker', 'inventory tracker',
  'variant inventory policy', 'continue selling when out of stock', 'variant fulfillment service', 'fulfillment service',
  'variant requires shipping', 'requires shipping', 'variant taxable', 'charge tax', 'variant tax code', 'tax code', 'gift card',
  'unit price total measure', 'unit price total measure unit', 'unit price base measure', 'unit price base measure unit',
  // WooCommerce: stock settings and the sale's dates.
  'low stock amount', 'backorders allowed', 'date sale price starts', 'date sale price ends', 'tax status', 'tax class', 'shipping class',
]);

/**
 * Shopify's names that mean the same in any file ('Vendor', 'Type' and the options only in a
 * Shopify file: SHOPIFY). Weaker than the names above on a tie ('Name' before 'Title', 'Regular
 * price' before 'Price'), stronger than any keyword guess.
 */
const SHOPIFY_NAMES: Record<string, string> = {
  title: 'name', 'product title': 'name', body: 'description', 'body html': 'description', 'seo title': 'meta_title',
  'seo description': 'meta_description', 'variant sku': 'sku', 'variant price': 'list_price', price: 'list_price',
  'variant compare at price': 'market_price', 'compare at price': 'market_price', 'variant barcode': 'gtin', barcode: 'gtin',
  'variant grams': 'weight', 'weight value': 'weight', 'variant inventory qty': 'stock', 'inventory quantity': 'stock',
  'cost per item': 'vendor_cost', 'variant image': 'image_url', 'variant image url': 'image_url', 'image src': 'image_url',
  'product image url': 'image_url', 'google shopping google product category': 'google_category',
  'google product category': 'google_category', 'google shopping mpn': 'mfn', 'google shopping manufacturer part number': 'mfn',
  mpn: 'mfn', 'published on online store': 'published',
};

/**
 * The field a header most likely means and how sure that is (higher wins). Exact names (including
 * what Bosun's two export layouts, WooCommerce's exporter and Shopify's two templates write) beat
 * keyword guesses, so 'Category Path' wins category_hierarchy over 'Categories', 'Meta: visibility'
 * over 'Visibility in catalog'; 'SEO Description' is the meta description, never the description.
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
    'meta keywords': 'meta_keywords', tags: 'tags', vendor: 'vendor', // Bosun's exports: 'Vendor' (direct), 'Meta: vendor' (woocommerce)
    // A column naming each row's unit (a vendor's 'Weight' with 'Weight Unit').
    'weight unit': 'weight_unit', 'weight uom': 'weight_unit', 'unit of weight': 'weight_unit', 'dimension unit': 'dimension_unit',
    'dimensions unit': 'dimension_unit', 'length unit': 'dimension_unit', 'size unit': 'dimension_unit', 'dimension uom': 'dimension_unit',
    'date sale price starts': 'sale_price_starts', 'date sale price ends': 'sale_price_ends',
    // Stock status apart from the quantity (issue 19): WooCommerce's 'In stock?', 'Manage stock?', 'Backorders allowed?'; Bosun's 'Stock Status'.
    'in stock': 'stock_status', 'stock status': 'stock_status', 'manage stock': 'stock_tracking', 'backorders allowed': 'backorders',
  };
  const byKey = h.replace(/ /g, '_');
  if (exact[h]) return { key: exact[h], score: 3 };
  const variant = variantField(h);
  if (variant) return { key: variant, score: 3 };
  if (SHOPIFY_NAMES[h]) return { key: SHOPIFY_NAMES[h], score: 2.5 };
  if (NO_FIELD.has(h)) return undefined;
  if (isUnitClassHeader(header)) return undefined;
  // Other 'Attribute N ...' headers name no field;
  // Shopify's options are a product's only with its Handle (SHOPIFY), never the product's name.
  if (/^attribute \d /.test(h) || /^option ?\d/.test(h)) return undefined;
  if (/^(vendor|store) (parent ?category|category)$/.test(h)) return { key: `${h.split(' ')[0]}_category`, score: 3 };
  if (/^(vendor|store) sub ?category ?\d$/.test(h)) return { key: `${h.split(' ')[0]}_subcategory_${levelOf(h)}`, score: 3 };
  if (['market_price', 'vendor_cost', 'google_category', 'meta_title', 'meta_description', 'meta_keywords', 'list_price', 'special_price', 'image_url', 'short_description'].includes(byKey)) {
    return { key: byKey, score: 3 };
  }
  // Keyword guesses (SPEC §5 Import), weaker than the names above.
  const has = (...words: string[]) => words.every((w) => h.includes(w));
  // A unit column ('Weight Unit', 'Length UOM') is the unit of each row, never the quantity.
  const unitColumn = /\b(unit|units|uom)\b/.test(h);
  if (unitColumn) {
    if (has('weight')) return { key: 'weight_unit', score: 2 };
    if (has('dimension') || has('length') || has('size')) return { key: 'dimension_unit', score: 2 };
    return undefined;
  }
  for (const tree of ['vendor', 'store'] as const) {
    if (has(tree, 'sub') && has('categ') && levelOf(h)) return { key: `${tree}_subcategory_${levelOf(h)}`, score: 2 };
    if (has(tree, 'categ')) return { key: `${tree}_category`, score: 2 };
  }
  if (has('categ') && (has('hierarch') || has('path') || compact === 'categories')) return { key: 'category_hierarchy', score: 1 };
  if (has('sku')) return { key: 'sku', score: 2 };
  if (has('name') && !has('categ') && !has('vendor') && !has('google')) return { key: 'name', score: 2 };
  if ((has('image') && (has('url') || has('link'))) || has('img')) return { key: 'image_url', score: 2 };
  if (has('short') && has('desc')) return { key: 'short_description', score: 2 };
  if (has('seo') && has('title')) return { key: 'meta_title', score: 2 };
  if ((has('seo') || has('meta')) && has('desc')) return { key: 'meta_description', score: 2 };
  if (has('desc')) return { key: 'description', score: 1 };
  if (has('brand') || has('manufacturer name')) return { key: 'brand', score: 2 };
  if (has('mfn') || has('mpn') || has('manufacturer part')) return { key: 'mfn', score: 2 };
  if (has('gtin') || has('upc') || has('ean') || has('barcode')) return { key: 'gtin', score: 2 };
  // 'In stock?', 'Stock status' and 'Continue selling when out of stock' say whether, not how many.
  if (has('stock') && !has('in stock') && !has('out of stock') && !has('status')) return { key: 'stock', score: 2 };
  if (has('qty') || has('quantity')) return { key: 'stock', score: 1 };
  if (has('list') && has('price')) return { key: 'list_price', score: 2 };
  if ((has('market') || has('msrp')) && (has('price') || has('msrp'))) return { key: 'market_price', score: 2 };
  if (has('cost')) return { key: 'vendor_cost', score: 2 };
  if ((has('special') || has('sale price')) && !has('date')) return { key: 'special_price', score: 2 };
  if (has('price') && !has('unit price')) return { key: 'list_price', score: 1 };
  if (has('weight')) return { key: 'weight', score: 2 };
  if (has('length')) return { key: 'length', score: 2 };
  if (has('width')) return { key: 'width', score: 2 };
  if (has('height')) return { key: 'height', score: 2 };
  // Google Shopping's other columns (Gender, Age group, Condition, Custom label) are no category.
  if (has('google') && (has('categ') || !has('shopping'))) return { key: 'google_category', score: 2 };
  if (has('publish')) return { key: 'published', score: 2 };
  if (has('featur')) return { key: 'featured', score: 2 };
  if (has('visib')) return { key: 'visibility', score: 2 };
  return undefined;
}

/**
 * Shopify's product CSV by its own column names, in both its templates (the legacy one: Handle,
 * Body (HTML), Variant SKU, Variant Grams...; the admin's since 2024: URL handle, Description, SKU,
 * Weight value (grams)...): the product's on its first row, the variant's on every row. Only these
 * are read: 'Type' there is a product type, not WooCommerce's simple/variable/variation, and
 * 'Vendor' is the product's brand, not the shop's vendor. Published (on online store) is the
 * storefront's flag; Status (active, draft, archived) stands in for it in a file without it.
 */
const SHOPIFY: Record<string, { key: string; score: number }> = Object.fromEntries(
  Object.entries({
    handle: 'handle', 'url handle': 'handle', title: 'name', body: 'description', description: 'description', vendor: 'brand',
    'product category': 'category_hierarchy', published: 'published', 'published on online store': 'published',
    'variant sku': 'sku', sku: 'sku', 'variant grams': 'weight', 'weight value': 'weight', 'variant inventory qty': 'stock',
    'inventory quantity': 'stock', 'variant price': 'list_price', price: 'list_price', 'variant compare at price': 'market_price',
    'compare at price': 'market_price', 'variant barcode': 'gtin', barcode: 'gtin', 'variant image': 'image_url',
    'variant image url': 'image_url', 'image src': 'images', 'product image url': 'images', 'cost per item': 'vendor_cost',
    'seo title': 'meta_title', 'seo description': 'meta_description', 'google shopping google product category': 'google_category',
    'google shopping mpn': 'mfn', 'google shopping manufacturer part number': 'mfn',
    tags: 'tags',
    // Stock status (issue 19): the tracker (empty: not tracked) and the policy (continue: sells when out of stock), old and new template names.
    'variant inventory tracker': 'stock_tracking', 'inventory tracker': 'stock_tracking',
    'variant inventory policy': 'backorders', 'continue selling when out of stock': 'backorders',
    ...Object.fromEntries([1, 2, 3].flatMap((n) => [[`option${n} name`, `attribute_${n}_name`], [`option${n} value`, `attribute_${n}_values`]])),
  }).map(([header, key]) => [header, { key, score: 4 }]).concat([['status', { key: 'published', score: 3 }]]),
);
/** Names only Shopify's files have: 'URL handle' or two of the others make a file Shopify's. */
const SHOPIFY_SIGNS = new Set(['handle', 'url handle', 'body', 'variant sku', 'variant price', 'variant grams', 'option1 name', 'option1 value',
  'published on online store', 'weight value', 'product image url', 'variant image url', 'image src', 'variant inventory qty', 'variant compare at price']);
const isShopifyFile = (headers: readonly string[]) => {
  const signs = headers.map(normalise).filter((h) => SHOPIFY_SIGNS.has(h));
  return signs.includes('url handle') || signs.length >= 2;
};

/** One column per field: for each field, the header that means it most surely (the first on a tie). */
export function autoMapHeaders(headers: readonly string[]): FieldMapping {
  const best = new Map<string, { header: string; score: number }>();
  const shopify = isShopifyFile(headers);
  for (const header of headers) {
    const guess = shopify ? SHOPIFY[normalise(header)] : guessField(header);
    if (!guess) continue;
    const current = best.get(guess.key);
    if (!current || guess.score > current.score) best.set(guess.key, { header, score: guess.score });
  }
  // Shopify's options make variants only with the Handle that groups a product's rows: without it every
  // row is a product of its own, and its 'Title: Default Title' option no attribute.
  if (shopify && !best.has('handle')) for (const key of [...best.keys()]) if (key.startsWith('attribute_')) best.delete(key);
  // Shopify's Status beside a Published column: Published is read, Status checked against it (a row's warning when they disagree).
  const status = shopify ? headers.find((h) => normalise(h) === 'status') : undefined;
  if (status !== undefined && best.has('published') && best.get('published')!.header !== status) best.set('status', { header: status, score: 3 });
  return Object.fromEntries([...best].map(([key, { header }]) => [key, header]));
}
