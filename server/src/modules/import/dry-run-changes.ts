import { PRICE_FIELDS, PROFILE_UPDATE_FIELDS, VARIATION_LEVEL_FIELDS, type ImportPreviewResponse } from '@bosun/shared';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { followStoredStatus, VARIATION_OWN_COLUMNS, type StoredProduct } from './import-rules.js';
import { updateColumns } from './product-writer.js';
import type { ColumnValue, MappedRow } from './row-mapper.js';

/** The ten largest price changes are what a wrong file (a shifted decimal, a column swapped) shows first. */
const TOP_PRICE_CHANGES = 10;

type Changes = NonNullable<ImportPreviewResponse['dryRun']['changes']>;
export type UpdateRow = Pick<MappedRow, 'sku' | 'name' | 'values' | 'dropped' | 'variant' | 'statusFollows'>;

/** The checklist field a product column belongs to ('dimensions' for length, width and height), else the column. */
const FIELD_OF = new Map<string, string>(PROFILE_UPDATE_FIELDS.flatMap((f) => f.columns.map((c): [string, string] => [c, f.key])));

/** Two values the same as stored: numbers by value (a file's 12.5 is the stored 12.50), text as text, empty as null. */
function same(a: ColumnValue, b: unknown): boolean {
  const stored = typeof b === 'boolean' ? Number(b) : b === undefined || b === '' ? null : b;
  const given = a === '' ? null : a;
  if (given === null || stored === null) return given === stored;
  if (typeof given === 'number' || typeof stored === 'number') return Number(given) === Number(stored);
  return String(given) === String(stored);
}

/**
 * The dry run's word on what the rows that update a stored product would change (issue 22): per
 * checklist field how many products change, how many rows change nothing, and the largest price
 * changes. It compares each row's values with the stored ones, one query per batch, by the
 * writers' rules: only the columns an update writes (a profile's checklist), never a dropped
 * one (a bad value, or an empty cell that keeps the current value), a variable product's
 * totals never, a variation's own columns only, the stock status as the writers follow it.
 */
export class ChangeTally {
  private readonly compared: Array<{ column: string; at: number }>;
  private readonly fields = new Map<string, number>();
  private unchanged = 0;
  private priceChanges: Array<Changes['topPriceChanges'][number] & { size: number }> = [];

  constructor(
    private readonly columns: readonly string[],
    updateOnly: readonly string[] | null | undefined,
  ) {
    // The time and the kind are no field staff change by a file; the vendor has its own tally (otherVendor).
    const written = new Set(updateColumns([...columns], updateOnly));
    this.compared = columns.flatMap((column, at) => (written.has(column) && FIELD_OF.has(column) ? [{ column, at }] : []));
  }

  /** Rows classified as updates of products stored before the import. */
  async add(db: Kysely<DB>, dialect: Dialect, rows: UpdateRow[], stored: Map<string, StoredProduct>) {
    if (!rows.length || !this.compared.length) {
      this.unchanged += this.compared.length ? 0 : rows.length;
      return;
    }
    const before = await storedValues(db, dialect, rows.map((r) => r.sku), this.compared.map((c) => c.column));
    const stockAt = { stock: this.columns.indexOf('stock'), status: this.columns.indexOf('stock_status') };
    for (const row of rows) {
      const was = before.get(row.sku);
      if (!was) continue;
      const values = row.statusFollows ? row.values.slice() : row.values;
      if (row.statusFollows) followStoredStatus(values, stockAt, row.dropped, stored.get(row.sku));
      const changed = new Set<string>();
      for (const { column, at } of this.compared) {
        if (row.dropped?.includes(column) || !this.writes(row, column)) continue;
        if (same(values[at] ?? null, was[column])) continue;
        changed.add(FIELD_OF.get(column)!);
        if ((PRICE_FIELDS as readonly string[]).includes(column)) this.notePrice(row, column, was[column] as number | null, values[at] as number | null);
      }
      if (!changed.size) this.unchanged += 1;
      for (const field of changed) this.fields.set(field, (this.fields.get(field) ?? 0) + 1);
    }
  }

  /** Whether the writers write this column of this row: a variable product's totals are its variations', a variation has its own columns only. */
  private writes(row: UpdateRow, column: string) {
    if (row.variant?.kind === 'variable') return !(VARIATION_LEVEL_FIELDS as readonly string[]).includes(column) && column !== 'stock_status';
    if (row.variant?.kind === 'variation') return VARIATION_OWN_COLUMNS.includes(column);
    return true;
  }

  private notePrice(row: UpdateRow, field: string, from: number | null, to: number | null) {
    // By the share of the old price: 9.99 to 999 says more about the file than 900 to 990.
    const size = from === null || to === null ? Math.abs((to ?? 0) - (from ?? 0)) : Math.abs(to - from) / Math.max(Math.abs(from), 0.01);
    this.priceChanges.push({ sku: row.sku, name: row.name, field, from: from === null ? null : Number(from), to, size });
    if (this.priceChanges.length > TOP_PRICE_CHANGES * 10) this.keepLargest();
  }

  private keepLargest() {
    this.priceChanges = this.priceChanges.sort((a, b) => b.size - a.size).slice(0, TOP_PRICE_CHANGES);
  }

  summary(): Changes {
    this.keepLargest();
    return { unchanged: this.unchanged, fields: Object.fromEntries(this.fields), topPriceChanges: this.priceChanges.map(({ size: _size, ...change }) => change) };
  }
}

/** The stored values of these columns for these SKUs: one query. */
async function storedValues(db: Kysely<DB>, dialect: Dialect, skus: string[], columns: string[]): Promise<Map<string, Record<string, unknown>>> {
  const list = dialect === 'sqlite' ? sql`(select value from json_each(${JSON.stringify(skus)}))` : sql`(select unnest(${skus}::text[]))`;
  const rows = await sql<Record<string, unknown>>`select sku, ${sql.join(columns.map((c) => sql.ref(c)))} from products where sku in ${list}`.execute(db);
  return new Map(rows.rows.map((r) => [r.sku as string, r]));
}
