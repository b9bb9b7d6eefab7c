/**
 * A variable product's variations in an export: each right after its parent's row, in id order.
 * The listed products stream as before; a variable product and the rows after it wait in a small
 * batch, whose variations and attributes are then read with one query each (not one per product),
 * and written with the cells that come from the parent (VARIANT_SLOTS). Loaded by the export's
 * worker threads: no zod here.
 */
import { escapeListValue, joinValueList } from '@bosun/shared/value-list';
import { EXPORT_FIELDS, textLength, type ExportRow } from './export-layouts.js';

/** A variation is read as EXPORT_FIELDS and then these: its parent and its values of the parent's attributes 1-3. */
export const VARIATION_EXTRA_FIELDS = ['parent_id', 'option1', 'option2', 'option3'] as const;

/** One of a parent's attributes: value_list is the JSON array of its values; its storefront settings (migration 0033). */
export interface ExportAttributeRow {
  product_id: number;
  position: number;
  name: string;
  value_list: string;
  visible: number;
  global: number;
  default_value: string | null;
}

/** Listed rows from a variable product on, whose variations and attributes are read together. */
export interface VariantBatch {
  rows: ExportRow[];
  parentIds: number[];
}

/** A batch closes at this many rows... */
const BATCH_ROWS = 128;
/** ...or this many variations of its parents (PostgreSQL reads them whole)... */
const BATCH_VARIATIONS = 4_096;
/** ...or this many characters of text held in its rows (an export worker's heap is 16 MB). */
const BATCH_CHARS = 1024 * 1024;

const N = EXPORT_FIELDS.length;
const ID = EXPORT_FIELDS.indexOf('id');
const SKU = EXPORT_FIELDS.indexOf('sku');
const KIND = EXPORT_FIELDS.indexOf('kind');
const VARIATION_COUNT = EXPORT_FIELDS.indexOf('variation_count');
const PARENT_ID = N + VARIATION_EXTRA_FIELDS.indexOf('parent_id');
const OPTION = [1, 2, 3].map((n) => N + VARIATION_EXTRA_FIELDS.indexOf(`option${n}` as (typeof VARIATION_EXTRA_FIELDS)[number]));

export const isVariantBatch = (item: ExportRow | VariantBatch): item is VariantBatch => !Array.isArray(item);

/**
 * The rows as they come, except that from a variable product on they are gathered into a batch
 * (closed by the bounds above or at the end): a catalogue of simple products passes straight through.
 */
export function* variantBatches(rows: Iterable<ExportRow>): Generator<ExportRow | VariantBatch> {
  let batch: VariantBatch | undefined;
  let variations = 0;
  let chars = 0;
  for (const row of rows) {
    const variable = row[KIND] === 'variable';
    if (!batch && !variable) {
      yield row;
      continue;
    }
    batch ??= { rows: [], parentIds: [] };
    batch.rows.push(row);
    chars += textLength(row);
    if (variable) {
      batch.parentIds.push(row[ID] as number);
      variations += row[VARIATION_COUNT] as number;
    }
    if (batch.rows.length >= BATCH_ROWS || variations >= BATCH_VARIATIONS || chars >= BATCH_CHARS) {
      yield batch;
      batch = undefined;
      variations = 0;
      chars = 0;
    }
  }
  if (batch) yield batch;
}

/** A list of values in one cell: WooCommerce's comma list, a literal comma written '\,'. */
const valueListCell = (valueList: string) => joinValueList(JSON.parse(valueList) as string[]);

/**
 * An attribute's settings cells: visible and global as '1' or '0' (a variation's row has no visible),
 * its default value as stored: one value, not escaped as the Values cell is (WooCommerce writes it so; the import reads it so).
 */
type SettingCells = readonly [visible: string | null, global: string | null, defaultValue: string | null];
const NO_SETTINGS: SettingCells = [null, null, null];

/** The attribute slots of VARIANT_SLOTS: each attribute's name and its cell of values, then each one's settings. */
const slotsOf = (names: ReadonlyArray<string | null>, values: ReadonlyArray<string | null>, settings: readonly SettingCells[]) => [
  names[0] ?? null, values[0] ?? null, names[1] ?? null, values[1] ?? null, names[2] ?? null, values[2] ?? null,
  ...(settings[0] ?? NO_SETTINGS), ...(settings[1] ?? NO_SETTINGS), ...(settings[2] ?? NO_SETTINGS),
];

/**
 * The batch's rows, each variable product followed by its variations. `variations` are the
 * batch's parents' variations ordered by parent and id (EXPORT_FIELDS, then
 * VARIATION_EXTRA_FIELDS); the batch's rows are in id order, so one pass pairs them. A variable
 * row gets its attributes' names and value lists, a variation its parent's SKU, the attributes'
 * names and its own values.
 */
export function* withVariations(batch: VariantBatch, variations: Iterable<ExportRow>, attributes: Iterable<ExportAttributeRow>): Generator<ExportRow> {
  const attributesOf = new Map<number, ExportAttributeRow[]>();
  for (const attribute of attributes) {
    const list = attributesOf.get(attribute.product_id);
    if (list) list.push(attribute);
    else attributesOf.set(attribute.product_id, [attribute]);
  }
  const found = variations[Symbol.iterator]();
  try {
    let next = found.next();
    for (const row of batch.rows) {
      if (row[KIND] !== 'variable') {
        yield row;
        continue;
      }
      const id = row[ID] as number;
      // By position: attribute n is the variations' option n.
      const names: Array<string | null> = [null, null, null];
      const lists: Array<string | null> = [null, null, null];
      const settings: SettingCells[] = [NO_SETTINGS, NO_SETTINGS, NO_SETTINGS];
      const variationSettings: SettingCells[] = [NO_SETTINGS, NO_SETTINGS, NO_SETTINGS];
      for (const attribute of attributesOf.get(id) ?? []) {
        const at = attribute.position - 1;
        names[at] = attribute.name;
        lists[at] = valueListCell(attribute.value_list);
        const global = String(Number(attribute.global));
        settings[at] = [String(Number(attribute.visible)), global, attribute.default_value];
        variationSettings[at] = [null, global, null];
      }
      yield [...row, null, ...slotsOf(names, lists, settings)];
      const sku = row[SKU] as string;
      for (; !next.done && next.value[PARENT_ID] === id; next = found.next()) {
        const variation = next.value;
        const values = OPTION.map((at, i) => {
          const value = variation[at] as string | null;
          return names[i] === null ? null : value === null ? '' : escapeListValue(value);
        });
        yield [...variation.slice(0, N), sku, ...slotsOf(names, values, variationSettings)];
      }
    }
  } finally {
    // A statement being iterated stays busy until its iterator is closed (better-sqlite3).
    found.return?.();
  }
}
