import {
  MANY_VARIATIONS,
  MAX_VARIATIONS,
  resolveStock,
  VARIANT_MESSAGES,
  type Attribute,
  type CreateVariationBody,
  type GeneratePreview,
  type GenerateVariationsBody,
  type UpdateVariationsBody,
  type Variation,
  type VariationsResponse,
} from '@bosun/shared';
import type { Kysely, Transaction } from 'kysely';
import { recordedChange } from '../history/index.js';
import { nowIso } from '../../db/clock.js';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { lockSkusForWrite, recheckedOnUniqueViolation } from '../../db/unique-violation.js';
import { badRequest, conflict, notFound, type FieldErrors } from '../../errors.js';
import { combinationKey, combinations, PatternError, skuMaker, valueProblem } from './variation-combinations.js';
import {
  deleteVariationRows,
  findAttributes,
  findParentRow,
  findTakenSkus,
  findVariationRows,
  insertVariations,
  lockProductRow,
  writeVariations,
  type Executor,
  type VariationRow,
  type VariationValues,
} from './variants.repository.js';

export interface VariantDeps {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Who writes: the history's 'who' (every write here is recorded as source 'variations'). */
  userId?: number | null;
}

/**
 * A write of this module to one product's attributes and variations, as one recorded change. It
 * waits for any other such write to the same product first: each plans from the rows it reads, so
 * two at once would write over each other's changes (or, on PostgreSQL, deadlock on the rows they
 * both rewrite).
 */
export const variationsChange = <T>({ db, dialect, userId }: VariantDeps, parentId: number, write: (trx: Transaction<DB>) => Promise<T>) =>
  recordedChange(db, dialect, { source: 'variations', userId: userId ?? null }, async (trx) => {
    await lockProductRow(trx, dialect, parentId);
    return write(trx);
  });

const PRODUCT_NOT_FOUND = 'Product not found';

export const optionValues = (row: Pick<VariationRow, 'option1' | 'option2' | 'option3'>, count: number) =>
  [row.option1, row.option2, row.option3].slice(0, count).map((v) => v ?? '');
const optionColumns = (values: readonly string[]) => ({ option1: values[0] ?? null, option2: values[1] ?? null, option3: values[2] ?? null });

const toVariation = (row: VariationRow, attributeCount: number): Variation => ({
  id: row.id,
  sku: row.sku,
  gtin: row.gtin,
  mfn: row.mfn,
  stock: row.stock,
  stock_status: row.stock_status,
  list_price: row.list_price,
  market_price: row.market_price,
  vendor_cost: row.vendor_cost,
  special_price: row.special_price,
  weight: row.weight,
  length: row.length,
  width: row.width,
  height: row.height,
  image_url: row.image_url,
  enabled: row.published === 1,
  values: optionValues(row, attributeCount),
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** The product whose variations these are: it must exist and not be a variation itself. */
export async function loadParent(db: Executor, id: number) {
  const parent = await findParentRow(db, id);
  if (!parent) throw notFound(PRODUCT_NOT_FOUND);
  if (parent.kind === 'variation') throw badRequest(VARIANT_MESSAGES.notAProduct, { id: VARIANT_MESSAGES.notAProduct });
  return parent;
}

/** A variable product with its attributes; variations can be made only under one. */
async function loadVariableParent(db: Executor, id: number) {
  const parent = await loadParent(db, id);
  const attributes = await findAttributes(db, id);
  if (parent.kind !== 'variable' || !attributes.length) throw badRequest(VARIANT_MESSAGES.notVariable, { id: VARIANT_MESSAGES.notVariable });
  return { parent, attributes };
}

export async function getVariations({ db }: VariantDeps, id: number): Promise<VariationsResponse> {
  const parent = await loadParent(db, id);
  const attributes = await findAttributes(db, id);
  const variations = (await findVariationRows(db, id)).map((row) => toVariation(row, attributes.length));
  const prices = variations.map((v) => v.list_price).filter((p): p is number => p !== null);
  return {
    product: { ...parent, kind: parent.kind },
    attributes,
    variations,
    // Untracked quantities (null) add nothing.
    stock_total: variations.reduce((sum, v) => sum + (v.stock ?? 0), 0),
    price_min: prices.length ? Math.min(...prices) : null,
    price_max: prices.length ? Math.max(...prices) : null,
  };
}

/** A variation's own columns from the API's fields, the empty ones as NULL (weight, size and image then fall back to the parent's). */
function variationValues(body: Omit<CreateVariationBody, 'values'>, values: readonly string[]): VariationValues {
  const stock = resolveStock({ stock: body.stock, stock_status: body.stock_status });
  if (!stock.ok) throw badRequest(stock.message, { [stock.field]: stock.message });
  return {
    sku: body.sku,
    gtin: body.gtin ?? null,
    mfn: body.mfn ?? null,
    ...stock.value,
    list_price: body.list_price ?? null,
    market_price: body.market_price ?? null,
    vendor_cost: body.vendor_cost ?? null,
    special_price: body.special_price ?? null,
    weight: body.weight ?? null,
    length: body.length ?? null,
    width: body.width ?? null,
    height: body.height ?? null,
    image_url: body.image_url ?? null,
    published: body.enabled === false ? 0 : 1,
    ...optionColumns(values),
  };
}

/** What refuses a new variation: a value not declared, the limit, a combination or a SKU another product has. */
async function assertCreatable(trx: Executor, parentId: number, attributes: readonly Attribute[], body: CreateVariationBody) {
  const problem = valueProblem(body.values, attributes);
  if (problem) throw badRequest(problem, { values: problem });
  const existing = await findVariationRows(trx, parentId);
  if (existing.length >= MAX_VARIATIONS) throw badRequest(VARIANT_MESSAGES.tooMany(existing.length + 1), { values: VARIANT_MESSAGES.tooMany(existing.length + 1) });
  const key = combinationKey(body.values);
  if (existing.some((row) => combinationKey(optionValues(row, attributes.length)) === key)) {
    throw conflict(VARIANT_MESSAGES.duplicate(body.values), { values: VARIANT_MESSAGES.duplicate(body.values) });
  }
  if ((await findTakenSkus(trx, [body.sku])).size) throw conflict(VARIANT_MESSAGES.skuTaken(body.sku), { sku: VARIANT_MESSAGES.skuTaken(body.sku) });
}

export async function createVariation(deps: VariantDeps, parentId: number, body: CreateVariationBody): Promise<Variation> {
  return variationsChange(deps, parentId, async (trx) => {
    const { attributes } = await loadVariableParent(trx, parentId);
    await assertCreatable(trx, parentId, attributes, body);
    await lockSkusForWrite(trx, deps.dialect, [body.sku]);
    const [id] = await recheckedOnUniqueViolation(
      trx,
      () => insertVariations(trx, deps.dialect, parentId, [variationValues(body, body.values)], nowIso()),
      () => assertCreatable(trx, parentId, attributes, body),
    );
    const row = (await findVariationRows(trx, parentId)).find((r) => r.id === id)!;
    return toVariation(row, attributes.length);
  });
}

/**
 * The grid's Save: every changed variation in one transaction, all or nothing. Each row's problems
 * (a value that is not the attribute's, a combination another row has, a SKU taken or repeated)
 * are reported together, keyed `variations.<index>.<field>`, so the screen shows them beside the rows.
 */
export async function updateVariations(deps: VariantDeps, parentId: number, body: UpdateVariationsBody) {
  return variationsChange(deps, parentId, async (trx) => {
    const { attributes } = await loadVariableParent(trx, parentId);
    const changed = await planSave(trx, parentId, attributes, body);
    await lockSkusForWrite(trx, deps.dialect, changed.map((row) => row.sku));
    await recheckedOnUniqueViolation(
      trx,
      () => writeVariations(trx, deps.dialect, parentId, changed, nowIso()),
      () => planSave(trx, parentId, attributes, body),
    );
    return { message: VARIANT_MESSAGES.saved(changed.length), saved: changed.length };
  });
}

/** The rows a save writes, from the stored variations and the request; throws every row's problems together. */
async function planSave(trx: Executor, parentId: number, attributes: readonly Attribute[], body: UpdateVariationsBody) {
  const rows = await findVariationRows(trx, parentId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const errors: FieldErrors = {};
  const changed = new Map<number, VariationValues & { id: number }>();
  body.variations.forEach((change, i) => {
    const row = byId.get(change.id);
    if (!row) {
      errors[`variations.${i}.id`] = VARIANT_MESSAGES.notFound;
      return;
    }
    const values = change.values ?? optionValues(row, attributes.length);
    const problem = valueProblem(values, attributes);
    if (problem) errors[`variations.${i}.values`] = problem;
    const current = { ...row, ...optionColumns(values) };
    const next: VariationValues & { id: number } = { id: row.id, ...pickOwn(current) };
    if (change.stock !== undefined || change.stock_status !== undefined) {
      const stock = resolveStock({ stock: change.stock, stock_status: change.stock_status }, { stock: row.stock, stock_status: row.stock_status });
      if (stock.ok) Object.assign(next, stock.value);
      else errors[`variations.${i}.${stock.field}`] = stock.message;
    }
    for (const [field, value] of Object.entries(change)) {
      if (field === 'id' || field === 'values' || field === 'stock' || field === 'stock_status') continue;
      if (field === 'enabled') next.published = value ? 1 : 0;
      else (next as Record<string, unknown>)[field] = value ?? (field === 'stock' ? 0 : null);
    }
    changed.set(row.id, next);
  });
  // The final state decides: every combination and SKU once among the parent's variations.
  const finalRows = rows.map((row) => changed.get(row.id) ?? { id: row.id, ...pickOwn(row) });
  const indexOf = new Map(body.variations.map((change, i) => [change.id, i]));
  const seenKeys = new Map<string, number>();
  const seenSkus = new Map<string, number>();
  for (const row of finalRows) {
    const values = optionValues(row, attributes.length);
    const key = combinationKey(values);
    const other = seenKeys.get(key);
    if (other !== undefined) errors[`variations.${indexOf.get(row.id) ?? indexOf.get(other)}.values`] = VARIANT_MESSAGES.duplicate(values);
    seenKeys.set(key, row.id);
    const sameSku = seenSkus.get(row.sku);
    if (sameSku !== undefined) errors[`variations.${indexOf.get(row.id) ?? indexOf.get(sameSku)}.sku`] = VARIANT_MESSAGES.skuRepeated(row.sku);
    seenSkus.set(row.sku, row.id);
  }
  const newSkus = [...changed.values()].filter((row) => row.sku !== byId.get(row.id)!.sku);
  const taken = await findTakenSkus(trx, newSkus.map((row) => row.sku), rows.map((row) => row.id));
  for (const row of newSkus) if (taken.has(row.sku)) errors[`variations.${indexOf.get(row.id)}.sku`] = VARIANT_MESSAGES.skuTaken(row.sku);
  if (Object.keys(errors).length) {
    const count = new Set(Object.keys(errors).map((key) => key.split('.')[1])).size;
    throw badRequest(`${count} of the variations could not be saved; nothing was saved`, errors);
  }
  return [...changed.values()];
}

const pickOwn = (row: VariationValues): VariationValues => ({
  sku: row.sku, gtin: row.gtin, mfn: row.mfn, stock: row.stock, stock_status: row.stock_status, list_price: row.list_price, market_price: row.market_price,
  vendor_cost: row.vendor_cost, special_price: row.special_price, weight: row.weight, length: row.length, width: row.width,
  height: row.height, image_url: row.image_url, published: row.published, option1: row.option1, option2: row.option2, option3: row.option3,
});

/** Refuses, naming them, ids that are not variations of this product (nothing is written). */
export async function assertOwnVariations(db: Executor, parentId: number, ids: readonly number[]) {
  await loadParent(db, parentId);
  const own = new Set((await findVariationRows(db, parentId)).map((row) => row.id));
  const strangers = [...new Set(ids)].filter((id) => !own.has(id));
  if (!strangers.length) return;
  const message = `Not variations of this product: ${strangers.slice(0, 10).join(', ')}${strangers.length > 10 ? ', …' : ''}`;
  throw badRequest(message, { ids: message });
}

export async function deleteVariations(deps: VariantDeps, parentId: number, ids: number[]) {
  return variationsChange(deps, parentId, async (trx) => {
    await assertOwnVariations(trx, parentId, ids);
    const deleted = await deleteVariationRows(trx, parentId, [...new Set(ids)]);
    return { message: VARIANT_MESSAGES.deleted(deleted), deleted };
  });
}

/** Every combination of the chosen values, with its SKU and what stands in its way, as the preview shows it. */
async function planGeneration(db: Executor, parentId: number, body: GenerateVariationsBody): Promise<GeneratePreview & { attributes: Attribute[] }> {
  const { parent, attributes } = await loadVariableParent(db, parentId);
  if (body.values.length !== attributes.length) throw badRequest(VARIANT_MESSAGES.valueCount(attributes.length), { values: VARIANT_MESSAGES.valueCount(attributes.length) });
  const errors: FieldErrors = {};
  body.values.forEach((values, i) =>
    values.forEach((value, j) => {
      if (!attributes[i]!.values.includes(value)) errors[`values.${i}.${j}`] = VARIANT_MESSAGES.notAValue(value, attributes[i]!.name);
    }),
  );
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
  let makeSku: (values: readonly string[]) => string;
  try {
    makeSku = skuMaker(body.sku_pattern, parent.sku, attributes);
  } catch (error) {
    if (error instanceof PatternError) throw badRequest(error.message, { sku_pattern: error.message });
    throw error;
  }
  const existingRows = await findVariationRows(db, parentId);
  const existing = new Set(existingRows.map((row) => combinationKey(optionValues(row, attributes.length))));
  const all = combinations(body.values.map((values) => [...new Set(values)]));
  const creates = all.filter((values) => !existing.has(combinationKey(values))).length;
  if (existingRows.length + creates > MAX_VARIATIONS) {
    throw badRequest(VARIANT_MESSAGES.tooMany(existingRows.length + creates), { values: VARIANT_MESSAGES.tooMany(existingRows.length + creates) });
  }
  const skus = all.map(makeSku);
  const taken = await findTakenSkus(db, [...new Set(skus)]);
  const times = new Map<string, number>();
  for (const sku of skus) times.set(sku, (times.get(sku) ?? 0) + 1);
  const result = all.map((values, i) => {
    const sku = skus[i]!;
    const exists = existing.has(combinationKey(values));
    const problem = exists ? undefined : taken.has(sku) ? VARIANT_MESSAGES.skuTaken(sku) : times.get(sku)! > 1 ? VARIANT_MESSAGES.skuRepeated(sku) : sku.length > 100 ? 'SKU must be at most 100 characters' : undefined;
    return { values, sku, exists, ...(problem ? { problem } : {}) };
  });
  return { attributes, count: all.length, creates, combinations: result, ...(creates > MANY_VARIATIONS ? { warning: VARIANT_MESSAGES.manyWarning(creates) } : {}) };
}

export async function previewGeneration({ db }: VariantDeps, parentId: number, body: GenerateVariationsBody): Promise<GeneratePreview> {
  const { attributes: _, ...preview } = await planGeneration(db, parentId, body);
  return preview;
}

/** Refuses a generation, whole, while any of its combinations has a problem. */
function assertGeneratable(plan: GeneratePreview) {
  const blocked = plan.combinations.filter((c) => c.problem);
  if (!blocked.length) return;
  const errors = Object.fromEntries(blocked.slice(0, 50).map((c) => [`combinations.${c.values.join(' / ')}`, c.problem!]));
  throw badRequest(`${blocked.length} of the combinations cannot be created: ${blocked[0]!.problem}`, errors);
}

/** Creates every combination that does not exist yet, in one transaction; refused whole while any has a problem. */
export async function generateVariations(deps: VariantDeps, parentId: number, body: GenerateVariationsBody) {
  return variationsChange(deps, parentId, async (trx) => {
    const plan = await planGeneration(trx, parentId, body);
    assertGeneratable(plan);
    const fresh = plan.combinations.filter((c) => !c.exists);
    const rows = fresh.map((c) => variationValues({ sku: c.sku, list_price: body.list_price, stock: body.stock }, c.values));
    await lockSkusForWrite(trx, deps.dialect, rows.map((row) => row.sku));
    await recheckedOnUniqueViolation(
      trx,
      () => insertVariations(trx, deps.dialect, parentId, rows, nowIso()),
      async () => assertGeneratable(await planGeneration(trx, parentId, body)),
    );
    const skipped = plan.count - fresh.length;
    return { message: VARIANT_MESSAGES.created(fresh.length, skipped), created: fresh.length, skipped };
  });
}
