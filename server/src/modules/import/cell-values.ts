import { IMPORT_ROW_WARNINGS } from '@bosun/shared/import';
import { isUnitClassHeader, UNIT_SIZES, type UnitKind } from '@bosun/shared/unit-sizes';

export type { UnitKind };

/**
 * Reading the cells vendors send: decimal commas ('12,50'), thousands separators, currency signs
 * ('$19.99', '19,99 €'), yes/no/1/0/true/false. A value that cannot be read is a CellProblem with
 * its reason, never a guess. A value read is returned as it is, not wrapped: the import reads
 * about twenty cells of every row (mapping 50k bench rows, best of five, on a busy machine:
 * 251-346 ms against 292-357 ms check-only, 337-460 ms against 483-495 ms in full).
 */
export class CellProblem {
  constructor(readonly reason: string) {}
}
export type Read<T> = T | CellProblem;

/**
 * A value read and kept, where the cell held more than the value keeps ('Rope, rope': one tag):
 * the row imports it and carries the reason as a warning, whatever badOptionalValues says, as
 * nothing wrong was dropped.
 */
export class KeptWithWarning<T> {
  constructor(readonly value: T, readonly reason: string) {}
}
const fail = (reason: string) => new CellProblem(reason);

const CURRENCY = /[$€£¥]|\b(usd|eur|gbp|cad|aud)\b/gi;

/** What most files hold ('12', '19.99'): read as it is. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function readDecimal(raw: string): Read<number> {
  if (PLAIN_NUMBER.test(raw)) return Number(raw);
  let text = raw.replace(CURRENCY, '').replace(/[\s\u00a0]/g, '');
  if (/^-?\d{1,3}(\.\d{3})+,\d+$/.test(text)) text = text.replaceAll('.', '').replace(',', '.'); // 1.234,56
  else if (/^-?\d+,\d+$/.test(text)) text = text.replace(',', '.'); // 12,50
  else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) text = text.replaceAll(',', ''); // 1,234.56
  if (!/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return fail(`'${raw}' is not a number`);
  const value = Number(text);
  return Number.isFinite(value) ? value : fail(`'${raw}' is not a number`);
}

export function readAmount(raw: string, decimals?: number): Read<number> {
  const value = readDecimal(raw);
  if (value instanceof CellProblem) return value;
  if (value < 0) return fail(`'${raw}' cannot be negative`);
  if (decimals !== undefined && Math.abs(value * 10 ** decimals - Math.round(value * 10 ** decimals)) > 1e-6) {
    return fail(`'${raw}' has more than ${decimals} decimals`);
  }
  return value;
}

export function readStock(raw: string): Read<number> {
  const value = readDecimal(raw);
  if (value instanceof CellProblem) return value;
  if (!Number.isInteger(value)) return fail(`'${raw}' is not a whole number`);
  if (value < 0) return fail(`'${raw}' cannot be negative`);
  return value;
}

const STOCK_STATUS: Record<string, 'in_stock' | 'out_of_stock' | 'backorder'> = {
  // WooCommerce's 'In stock?' (1, 0, backorder) and its status names; Bosun's own; plain words.
  '1': 'in_stock', '0': 'out_of_stock', backorder: 'backorder', onbackorder: 'backorder', 'on backorder': 'backorder', backorders: 'backorder',
  instock: 'in_stock', 'in stock': 'in_stock', in_stock: 'in_stock', yes: 'in_stock', true: 'in_stock',
  outofstock: 'out_of_stock', 'out of stock': 'out_of_stock', out_of_stock: 'out_of_stock', no: 'out_of_stock', false: 'out_of_stock',
};

/** A stock status cell; empty is no status given. */
export function readStockStatus(raw: string): Read<'in_stock' | 'out_of_stock' | 'backorder' | null> {
  const text = raw.trim().toLowerCase();
  if (text === '') return null;
  return STOCK_STATUS[text] ?? fail(`'${raw}' is not in stock, out of stock or backorder (1, 0, backorder)`);
}

/**
 * Shopify's inventory tracker ('shopify', another service's name, or empty: not tracked) or
 * WooCommerce's 'Manage stock?' (1/0): whether the quantity is tracked.
 */
export function readStockTracking(raw: string): Read<boolean> {
  const text = raw.trim().toLowerCase();
  if (text === '') return false;
  const read = readBoolean(text);
  return typeof read === 'boolean' ? read : true;
}

/** Shopify's inventory policy (continue / deny), its newer 'Continue selling when out of stock' (TRUE/FALSE) or WooCommerce's 'Backorders allowed?' (1, 0, notify). */
export function readBackorders(raw: string): Read<boolean | null> {
  const text = raw.trim().toLowerCase();
  if (text === '') return null;
  if (text === 'continue' || text === 'notify') return true;
  if (text === 'deny') return false;
  const read = readBoolean(text);
  return typeof read === 'boolean' ? read : fail(`'${raw}' is not continue/deny or yes/no`);
}

const TRUE = new Set(['true', 'yes', 'y', '1', 'on', 'published', 'publish', 'active']);
const FALSE = new Set(['false', 'no', 'n', '0', 'off', 'draft', '-1', 'private', 'archived']);

/**
 * WooCommerce writes Published as 1, 0 or -1 (private); -1 reads as not published. Shopify's
 * Status is active, draft or archived: only an active product is on sale.
 */
export function readBoolean(raw: string): Read<boolean> {
  const text = raw.trim().toLowerCase();
  if (TRUE.has(text)) return true;
  if (FALSE.has(text)) return false;
  return fail(`'${raw}' is not yes/no, true/false or 1/0`);
}

const VISIBILITY: Record<string, 'public' | 'private' | 'hidden'> = {
  public: 'public', visible: 'public', catalog: 'public', search: 'public', 'shop and search results': 'public',
  private: 'private', hidden: 'hidden',
};

export function readVisibility(raw: string): Read<'public' | 'private' | 'hidden'> {
  const value = VISIBILITY[raw.trim().toLowerCase()];
  return value ?? fail(`'${raw}' is not public, private or hidden`);
}

const UNIT_LIST: Record<UnitKind, string> = { weight: 'kg, g, lb, oz', dimension: 'cm, mm, m, in' };

const unitName = (text: string) => text.trim().toLowerCase().replace(/\.$/, '');

/**
 * The unit a header names: in brackets ('Weight (lbs)', 'Weight value (grams)', 'Length [mm]') or
 * as a word after the quantity ('Weight in grams', 'Weight_kg', 'Length mm', Shopify's 'Variant
 * Grams'); the last unit word wins, so 'Length in mm' is millimetres, 'Length in' inches, and
 * 'Length in yards' none (unknownUnitOfHeader finds 'yards').
 */
export function unitOfHeader(header: string, kind: UnitKind): string | undefined {
  const table = UNIT_SIZES[kind];
  // 'in' before another word is the connector ('Length in yards' is in yards, not inches); last, it is the unit ('Length in').
  const lastUnit = (text: string) => text.toLowerCase().split(/[^a-z]+/).filter(Boolean).filter((word, i, words) => word in table && !(word === 'in' && i < words.length - 1)).at(-1);
  for (const [, inside] of header.matchAll(/[([]([^)\]]*)[)\]]/g)) {
    const unit = lastUnit(inside!);
    if (unit) return unit;
  }
  const words = header.replace(/[([][^)\]]*[)\]]/g, ' ').toLowerCase().split(/[^a-z]+/).filter(Boolean);
  // The first word is the quantity ('Length', 'Weight'), unless the header is a unit alone ('Grams').
  return lastUnit((words.length > 1 ? words.slice(1) : words).join(' '));
}

/**
 * Words in a weight or size header that say which weight, not in what unit ('Weight (net)',
 * 'Length overall', 'Weight (approx.)'): never taken for a unit Bosun does not know.
 */
const NOT_UNITS = new Set([
  'net', 'gross', 'shipping', 'shipped', 'package', 'packaged', 'packed', 'packaging', 'boxed', 'box', 'item', 'items', 'product', 'each',
  'total', 'approx', 'approximate', 'approximately', 'estimated', 'actual', 'max', 'maximum', 'min', 'minimum', 'optional', 'overall', 'value', 'per', 'unit',
]);
const QUANTITY_WORDS = new Set(['weight', 'weights', 'mass', 'length', 'width', 'height', 'depth', 'thickness', 'diameter', 'size', 'dimension', 'dimensions']);

/**
 * The unit a header names that is not in the unit table ('Weight (stone)', 'Length (ft)', 'Weight
 * in stone', 'Weight_st'), when it names no known one: the words in brackets, or the one word
 * after the quantity ('in' before it read as the connector). Undefined for a header with no unit.
 */
export function unknownUnitOfHeader(header: string, kind: UnitKind): string | undefined {
  if (unitOfHeader(header, kind) !== undefined || isUnitClassHeader(header)) return undefined;
  const meaningful = (text: string) => text.toLowerCase().split(/[^a-z]+/).filter(Boolean).some((word) => !NOT_UNITS.has(word));
  for (const [, inside] of header.matchAll(/[([]([^)\]]*)[)\]]/g)) {
    if (meaningful(inside!)) return inside!.trim();
  }
  const words = header.replace(/[([][^)\]]*[)\]]/g, ' ').toLowerCase().split(/[^a-z]+/).filter(Boolean);
  const quantityAt = words.findLastIndex((word) => QUANTITY_WORDS.has(word));
  if (quantityAt < 0) return undefined;
  const after = words.slice(quantityAt + 1);
  const unit = after.length === 2 && after[0] === 'in' ? after[1] : after.length === 1 && after[0] !== 'in' ? after[0] : undefined;
  return unit !== undefined && !NOT_UNITS.has(unit) ? unit : undefined;
}

/**
 * What a value in the header's unit is multiplied by to be in the shop's unit: 1 when the header
 * names no unit; a unit Bosun does not know is a CellProblem, as reading its values as the shop's
 * unit would change them without a word.
 */
export function unitFactor(header: string, kind: UnitKind, shopUnit: string): Read<number> {
  const unit = unitOfHeader(header, kind);
  const table = UNIT_SIZES[kind];
  if (!unit) {
    const unknown = unknownUnitOfHeader(header, kind);
    return unknown === undefined ? 1 : fail(IMPORT_ROW_WARNINGS.unknownHeaderUnit(unknown, kind === 'weight' ? 'weight' : 'length', UNIT_LIST[kind]));
  }
  if (!(shopUnit in table)) return 1;
  return table[unit]! / table[shopUnit]!;
}

/** The factor of a row's own unit cell ('Weight Unit': kg, g, lb, lbs, oz); an unknown unit is the row's problem. */
export function readUnitFactor(raw: string, kind: UnitKind, shopUnit: string): Read<number> {
  const table = UNIT_SIZES[kind];
  const size = table[unitName(raw)];
  if (size === undefined) return fail(`'${raw}' is not a ${kind === 'weight' ? 'weight' : 'length'} unit (${UNIT_LIST[kind]})`);
  return size / table[shopUnit]!;
}
