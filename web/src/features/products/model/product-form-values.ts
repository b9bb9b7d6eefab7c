import { productFieldsSchema, resolveStock, statusOfQuantity, VARIATION_LEVEL_FIELDS, type CreateProductBody, type Product, type StockStatus } from '@bosun/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** What the inputs hold: text as typed, numbers as typed ('' when empty), ids as select values. */
export interface ProductFormValues {
  sku: string;
  name: string;
  mfn: string;
  gtin: string;
  brand: string;
  short_description: string;
  description: string;
  stock: number | string;
  /** Off: the quantity is not counted (stock null) and the status is chosen (issue 19). */
  track_stock: boolean;
  /** '' with a tracked quantity: the status follows the quantity; untracked, one of the statuses. */
  stock_status: StockStatus | '';
  list_price: number | string;
  market_price: number | string;
  vendor_cost: number | string;
  special_price: number | string;
  weight: number | string;
  length: number | string;
  width: number | string;
  height: number | string;
  vendor_id: string;
  vendor_category_id: string;
  store_category_id: string;
  google_category: string;
  published: boolean;
  featured: boolean;
  visibility: 'public' | 'private' | 'hidden';
  image_url: string;
  /** One address per line. */
  images: string;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  tags: string[];
}

export type ProductFormField = keyof ProductFormValues;
export const PRODUCT_FORM_FIELDS = [
  'sku', 'name', 'mfn', 'gtin', 'brand', 'short_description', 'description', 'stock', 'track_stock', 'stock_status', 'list_price', 'market_price',
  'vendor_cost', 'special_price', 'weight', 'length', 'width', 'height', 'vendor_id', 'vendor_category_id',
  'store_category_id', 'google_category', 'published', 'featured', 'visibility', 'image_url', 'images', 'meta_title',
  'meta_description', 'meta_keywords', 'tags',
] as const satisfies readonly ProductFormField[];

export type ProductFormMode = 'create' | 'edit' | 'duplicate';

/** How a visibility reads, in the form's select and on the detail page. */
export const VISIBILITY_LABELS: Record<Product['visibility'], string> = { public: 'Public', private: 'Private', hidden: 'Hidden' };

const text = (v: string | null | undefined) => v ?? '';
const num = (v: number | null | undefined) => (v === null || v === undefined ? '' : v);
const id = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function emptyProductFormValues(): ProductFormValues {
  return {
    sku: '', name: '', mfn: '', gtin: '', brand: '', short_description: '', description: '', stock: '', track_stock: true, stock_status: '',
    list_price: '', market_price: '', vendor_cost: '', special_price: '', weight: '', length: '', width: '', height: '',
    vendor_id: '', vendor_category_id: '', store_category_id: '', google_category: '',
    published: true, featured: false, visibility: 'public', image_url: '', images: '',
    meta_title: '', meta_description: '', meta_keywords: '', tags: [],
  };
}

/** The form's starting values: empty for a new product, the product's own, or a copy of it (SPEC §4 Duplicate). */
export function productFormDefaults(product?: Product | null, mode: ProductFormMode = product ? 'edit' : 'create'): ProductFormValues {
  if (!product || mode === 'create') return emptyProductFormValues();
  const values: ProductFormValues = {
    sku: product.sku,
    name: product.name,
    mfn: text(product.mfn),
    gtin: text(product.gtin),
    brand: text(product.brand),
    short_description: text(product.short_description),
    description: text(product.description),
    stock: num(product.stock),
    track_stock: product.stock !== null,
    // A tracked product whose status is what its quantity gives shows 'from the quantity'.
    stock_status: product.stock !== null && product.stock_status === statusOfQuantity(product.stock) ? '' : product.stock_status,
    list_price: num(product.list_price),
    market_price: num(product.market_price),
    vendor_cost: num(product.vendor_cost),
    special_price: num(product.special_price),
    weight: num(product.weight),
    length: num(product.length),
    width: num(product.width),
    height: num(product.height),
    vendor_id: id(product.vendor_id),
    vendor_category_id: id(product.vendor_category_id),
    store_category_id: id(product.store_category_id),
    google_category: text(product.google_category),
    published: product.published,
    featured: product.featured,
    visibility: product.visibility,
    image_url: text(product.image_url),
    images: product.images.join('\n'),
    meta_title: text(product.meta_title),
    meta_description: text(product.meta_description),
    meta_keywords: text(product.meta_keywords),
    tags: [...product.tags],
  };
  // A copy is marked where staff tell products apart (name and SKU), never in the texts customers
  // read: SPEC §4 also suffixed the short description, which put '<p>…</p> (Copy)' in the shop.
  if (mode === 'duplicate') {
    values.name = `${product.name} (Copy)`;
    values.sku = `${product.sku}_COPY`;
  }
  return values;
}

/** The product fields typed as numbers; each is checked as typed by the shared schema's rule for it. */
export type ProductNumberField = 'stock' | 'list_price' | 'market_price' | 'vendor_cost' | 'special_price' | 'weight' | 'length' | 'width' | 'height';

/** The shared schema's message for a typed number of a product field, as the server would give it; nothing when it is fine. */
export function productNumberProblem(field: ProductNumberField, value: number | string): string | undefined {
  const result = productFieldsSchema.shape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * What a numeric input sends: null when empty, the number, or the text itself when it is no number,
 * so the schema says so ('List price must be a number') instead of the text being saved as nothing.
 */
export function typedNumber(value: number | string | null | undefined): number | string | null {
  const n = numberOrNull(value);
  if (n !== null || value === null || value === undefined) return n;
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * A typed number, or null when the input is empty or not a number (SPEC §5). Zero stays zero:
 * a price of 0 or a stock of 0 is a real value.
 */
export function numberOrNull(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}

const idOrNull = (value: string) => {
  const n = numberOrNull(value);
  return n === null || n === 0 ? null : n;
};

/**
 * Stock and status as sent: untracked, no quantity and the chosen status; tracked, the quantity
 * and the chosen status, or none (the shared rule then gives it from the quantity). Both are sent
 * as the rule resolves them, so the server never keeps a backorder staff changed to 'from the quantity'.
 */
function stockPayload(values: ProductFormValues): { stock: number | string | null; stock_status?: StockStatus } {
  const typed = values.track_stock ? typedNumber(values.stock) : null;
  const status = values.stock_status || (values.track_stock ? undefined : 'in_stock');
  // Text that is no number goes to the schema as typed, which says 'Stock must be a number'.
  if (typeof typed === 'string') return { stock: typed, stock_status: status };
  const stock = typed;
  const resolved = resolveStock({ stock, stock_status: status });
  // A contradiction is sent as chosen: the resolver shows the rule's message under the status.
  return resolved.ok ? resolved.value : { stock, stock_status: status };
}

/**
 * The body of POST/PUT built from the inputs: numbers as numbers or null, booleans as booleans,
 * and nothing the server only reports (id, timestamps, *_name, *_path) because those are never inputs.
 */
export function toProductPayload(values: ProductFormValues): Record<string, unknown> {
  return {
    sku: values.sku,
    name: values.name,
    mfn: values.mfn,
    gtin: values.gtin,
    brand: values.brand,
    short_description: values.short_description,
    description: values.description,
    ...stockPayload(values),
    list_price: typedNumber(values.list_price),
    market_price: typedNumber(values.market_price),
    vendor_cost: typedNumber(values.vendor_cost),
    special_price: typedNumber(values.special_price),
    weight: typedNumber(values.weight),
    length: typedNumber(values.length),
    width: typedNumber(values.width),
    height: typedNumber(values.height),
    vendor_id: idOrNull(values.vendor_id),
    vendor_category_id: idOrNull(values.vendor_category_id),
    store_category_id: idOrNull(values.store_category_id),
    google_category: values.google_category,
    published: values.published,
    featured: values.featured,
    visibility: values.visibility,
    image_url: values.image_url,
    images: values.images
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    meta_title: values.meta_title,
    meta_description: values.meta_description,
    meta_keywords: values.meta_keywords,
    tags: values.tags,
  };
}

/** zod paths to form fields: 'images.2' is the images box. */
export function issuesToFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors<ProductFormValues> {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (!(PRODUCT_FORM_FIELDS as readonly string[]).includes(field) || errors[field]) continue;
    errors[field] = { type: 'validation', message: issue.message };
  }
  return errors as FieldErrors<ProductFormValues>;
}

/**
 * Validates exactly what would be sent with the server's own schema, and hands the parsed body
 * (trimmed, blanks as null) to the submit handler. The fields in `leaveOut` are not sent.
 */
const resolverLeavingOut =
  (leaveOut: readonly string[]): Resolver<ProductFormValues, unknown, CreateProductBody> =>
  async (values) => {
    const payload = toProductPayload(values);
    for (const field of leaveOut) delete payload[field];
    const result = productFieldsSchema.strict().safeParse(payload);
    const stock = result.success && !leaveOut.includes('stock') ? resolveStock({ stock: result.data.stock, stock_status: result.data.stock_status }) : undefined;
    if (stock && !stock.ok) return { values: {}, errors: { stock_status: { type: 'validation', message: stock.message } } as FieldErrors<ProductFormValues> };
    if (result.success) return { values: result.data, errors: {} };
    return { values: {}, errors: issuesToFieldErrors(result.error.issues) };
  };

export const productFormResolver = resolverLeavingOut([]);

/**
 * A variable product's stock and prices are its variations' (the server refuses a change to
 * them): its form shows them but never sends them, so a variation changed meanwhile cannot make
 * the save fail.
 */
export const variableProductFormResolver = resolverLeavingOut([...VARIATION_LEVEL_FIELDS, 'stock_status']);

/** The product edited is a variable one: its stock and prices are set on its variations. */
export const editsVariableProduct = (product: Product | null | undefined, mode: ProductFormMode) => mode === 'edit' && product?.kind === 'variable';
