import { putAttributesBodySchema, splitValueList, unescapeListValue, VARIANT_MESSAGES, type Attribute, type FieldMapping, type ProductKind } from '@bosun/shared';
import { CellProblem, readBoolean } from './cell-values.js';

/**
 * A row's part in a variable product (issue 18), as WooCommerce's CSV and Bosun's direct layout
 * write it: 'Type' (simple, variable, variation), 'Parent' (the parent's SKU, or `id:N` naming a
 * row of this file by its 'ID'), and per attribute a name and its values: a parent lists them
 * separated by commas ('\,' for a comma inside a value), a variation gives its one value.
 */
export interface VariantCells {
  kind: ProductKind;
  /** A variation's parent as the file names it. */
  parent?: string;
  /** A variable row: each attribute and its values; a variation: each attribute and its one value. */
  attributes: Attribute[];
  /** The row's own 'ID' cell, which a variation's `id:N` refers to. */
  sourceId?: string;
  /** A simple row's attribute cells, which a simple product has none of: not read, and said on the row. */
  unread?: Array<{ column: string; value: string }>;
}

export interface VariantCellProblem {
  column: string;
  value: string;
  reason: string;
}

export type ReadVariant = (cells: string[]) => VariantCells | VariantCellProblem;

const isProblem = (read: VariantCells | VariantCellProblem): read is VariantCellProblem => 'reason' in read;
export { isProblem as isVariantProblem };

const KINDS: readonly ProductKind[] = ['variable', 'variation', 'simple'];

/**
 * Types Bosun does not model: the row is reported, never imported as something else (issue 19
 * point 9). 'gift card' is what shopify-rows.ts writes for a Shopify product with 'Gift Card' TRUE.
 */
const UNSUPPORTED_KINDS: Record<string, string> = {
  grouped: 'ignored: grouped products are not supported',
  external: 'ignored: external products are not supported',
  'gift card': 'ignored: gift cards are not supported',
};

/** WooCommerce writes 'simple, virtual' or 'variation, downloadable': the kind is one of the words. */
function readKind(text: string): ProductKind | string | undefined {
  if (text === '') return undefined;
  const words = text.toLowerCase().split(',').map((w) => w.trim());
  const unsupported = words.find((w) => w in UNSUPPORTED_KINDS);
  if (unsupported) return UNSUPPORTED_KINDS[unsupported];
  return KINDS.find((k) => words.includes(k)) ?? `Type '${text}' is not one Bosun has: simple, variable or variation`;
}

/** An attribute's settings cells as the row has them; undefined where the file has no such column. */
interface AttributeSettingCells {
  visible: string | undefined;
  global: string | undefined;
  default: string | undefined;
}

/**
 * A variable row's storefront settings of attribute n (WooCommerce's 'Attribute N visible',
 * 'global', 'default'). A column the file lacks, or an empty flag, says nothing: the stored
 * setting stays (a new attribute's is the default). An empty default cell is no default. The
 * default is one of the attribute's values, spelled as the attribute lists it (its letter case
 * aside), written whole and unescaped (the Values cell escapes its commas and backslashes; the default does not).
 */
function readSettings(n: number, attribute: Attribute, cells: AttributeSettingCells, mapping: FieldMapping): Partial<Pick<Attribute, 'visible' | 'global' | 'default_value'>> | VariantCellProblem {
  const settings: Partial<Pick<Attribute, 'visible' | 'global' | 'default_value'>> = {};
  for (const flag of ['visible', 'global'] as const) {
    const text = cells[flag]?.trim();
    if (!text) continue;
    const value = readBoolean(text);
    if (value instanceof CellProblem) return { column: mapping[`attribute_${n}_${flag}`]!, value: text, reason: value.reason };
    settings[flag] = value;
  }
  if (cells.default !== undefined) {
    // The default is one value, written plainly as WooCommerce writes it (and Bosun's export, both
    // layouts): no list escapes, so a default '1\,5 mm' or 'C:\new' is read as it stands.
    const text = cells.default.trim();
    const value = text === '' ? null : attribute.values.find((v) => v.toLocaleLowerCase('en-US') === text.toLocaleLowerCase('en-US'));
    if (value === undefined) return { column: mapping[`attribute_${n}_default`]!, value: text, reason: VARIANT_MESSAGES.defaultNotAValue(text, attribute.name) };
    settings.default_value = value;
  }
  return settings;
}

/**
 * The reader of a file's variant cells, or undefined when the mapping names none of them (the row
 * is then whatever its SKU is stored as, or a new simple product). `cell` reads a column by index
 * as the row mapper does.
 */
export function createVariantReader(headers: string[], mapping: FieldMapping, cell: (cells: string[], at: number) => string): ReadVariant | undefined {
  const index = (field: string) => (mapping[field] === undefined ? -1 : headers.indexOf(mapping[field]!));
  const typeAt = index('product_type');
  const parentAt = index('parent_sku');
  const idAt = index('source_id');
  const attributeAts = [1, 2, 3]
    .map((n) => ({
      n,
      nameAt: index(`attribute_${n}_name`),
      valuesAt: index(`attribute_${n}_values`),
      visibleAt: index(`attribute_${n}_visible`),
      globalAt: index(`attribute_${n}_global`),
      defaultAt: index(`attribute_${n}_default`),
    }))
    .filter((a) => a.nameAt >= 0 || a.valuesAt >= 0);
  if (typeAt < 0 && parentAt < 0 && !attributeAts.length) return undefined;
  const header = (field: string) => mapping[field]!;

  return (cells) => {
    const kindText = typeAt >= 0 ? cell(cells, typeAt) : '';
    const declared = readKind(kindText);
    if (declared !== undefined && !(KINDS as readonly string[]).includes(declared)) return { column: header('product_type'), value: kindText, reason: declared };
    const parent = parentAt >= 0 ? cell(cells, parentAt) : '';
    const read: Array<Attribute & { n: number; raw: string; settings: AttributeSettingCells }> = [];
    for (const { n, nameAt, valuesAt, visibleAt, globalAt, defaultAt } of attributeAts) {
      const name = nameAt >= 0 ? cell(cells, nameAt) : '';
      const raw = valuesAt >= 0 ? cell(cells, valuesAt) : '';
      const values = splitValueList(raw);
      if (!name && !values.length) continue;
      if (!name) return { column: mapping[`attribute_${n}_name`] ?? `Attribute ${n} name`, value: '', reason: `Attribute ${n} has values but no name` };
      const settings = { visible: visibleAt >= 0 ? cell(cells, visibleAt) : undefined, global: globalAt >= 0 ? cell(cells, globalAt) : undefined, default: defaultAt >= 0 ? cell(cells, defaultAt) : undefined };
      read.push({ n, name, values, raw, settings });
    }
    const attributes = read.map(({ name, values }) => ({ name, values }));
    // Without a Type column, a row with a parent is a variation and one listing attributes a parent.
    const kind = (declared as ProductKind | undefined) ?? (parent ? 'variation' : attributes.length ? 'variable' : 'simple');
    const sourceId = idAt >= 0 ? cell(cells, idAt) || undefined : undefined;
    if (kind !== 'variation') {
      if (parent) return { column: header('parent_sku'), value: parent, reason: `Only a variation has a parent; this row is ${kind}` };
      if (kind === 'simple') {
        const unread = read.map(({ n, name, raw }) => ({ column: header(`attribute_${n}_name`), value: raw ? `${name}: ${raw}` : name }));
        return { kind, attributes: [], sourceId, ...(unread.length ? { unread } : {}) };
      }
      if (!attributes.length) return { column: mapping.attribute_1_name ?? mapping.product_type ?? 'Attribute 1 name', value: '', reason: 'A variable product needs at least one attribute and its values' };
      const checked = putAttributesBodySchema.safeParse({ attributes });
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        const at = read[typeof issue.path[1] === 'number' ? issue.path[1] : 0]!;
        return { column: mapping[`attribute_${at.n}_values`] ?? `Attribute ${at.n} value(s)`, value: at.values.join(', '), reason: issue.message };
      }
      const withSettings: Attribute[] = [];
      for (const [i, attribute] of checked.data.attributes.entries()) {
        const settings = readSettings(read[i]!.n, attribute, read[i]!.settings, mapping);
        if ('reason' in settings) return settings;
        withSettings.push({ name: attribute.name, values: attribute.values, ...settings });
      }
      return { kind, attributes: withSettings, sourceId };
    }
    if (!parent) return { column: mapping.parent_sku ?? 'Parent', value: '', reason: 'A variation needs its parent: the Parent column is empty' };
    if (!attributes.length) return { column: mapping.attribute_1_values ?? 'Attribute 1 value(s)', value: '', reason: "A variation needs its value of each of its parent's attributes" };
    // A variation's cell is its one value, whole: '5,200 lb' whether or not the file wrote its comma '\,'.
    for (const a of read) {
      if (!a.values.length) return { column: mapping[`attribute_${a.n}_values`] ?? `Attribute ${a.n} value(s)`, value: '', reason: `Give the variation's value of ${a.name}` };
      a.values = [unescapeListValue(a.raw)];
    }
    return { kind, parent, attributes: read.map(({ name, values }) => ({ name, values })), sourceId };
  };
}
