import { IMPORT_MESSAGES, restoreFormula, type FieldMapping, type ImportRowError } from '@bosun/shared';
import { sql, type Kysely } from 'kysely';
import { nowIso } from '../../db/clock.js';
import type { DB } from '../../db/types.js';

/** A vendor's name as an import creates it: surrounding spaces dropped, runs of spaces made one. */
export const tidyVendorName = (name: string) => name.trim().replace(/\s+/g, ' ');
/** How a file's vendor name is matched to a stored vendor: case- and space-insensitively. */
const vendorKey = (name: string) => tidyVendorName(name).toLocaleLowerCase('en-US');

/** What the vendor cell made of a row: its vendor, a vendor still to be created, or the row's error. */
export type RowVendor = { vendorId: number | null } | { newVendor: string } | { error: ImportRowError; unknownVendor?: string };

/**
 * The vendors an import files its rows under (issue 19, point 7): each row's vendor is the one its
 * mapped Vendor column names, matched by name, or the wizard's vendor when the cell is empty (or
 * no column is mapped). Every vendor is held in memory (a shop has hundreds, not millions), so
 * that no row costs a query. A name that matches no vendor is a row error unless the request asks
 * to create such vendors (createVendors): they are created once each, before the first batch
 * that needs them is written (create).
 */
export class ImportVendors {
  private readonly byKey = new Map<string, number>();
  private readonly names = new Map<number, string>();
  private readonly column: number;

  private constructor(
    headers: readonly string[],
    private readonly mapping: FieldMapping,
    private readonly fallbackId: number | null,
    private readonly createVendors: boolean,
  ) {
    this.column = mapping.vendor === undefined ? -1 : headers.indexOf(mapping.vendor);
  }

  static async load(db: Kysely<DB>, headers: readonly string[], mapping: FieldMapping, fallbackId: number | null, createVendors: boolean) {
    const vendors = new ImportVendors(headers, mapping, fallbackId, createVendors);
    vendors.learn(await db.selectFrom('vendors').select(['id', 'name']).orderBy('id').execute());
    return vendors;
  }

  /** Whether the file names each row's vendor (a mapped Vendor column). */
  get byColumn() {
    return this.column >= 0;
  }

  /** The vendor's name, for a reason staff read. */
  nameOf(id: number): string {
    return this.names.get(id) ?? `#${id}`;
  }

  /** The stored vendor of a product, with its name (null: none). */
  owner(id: number | null | undefined): { id: number; name: string } | null {
    return id === null || id === undefined ? null : { id, name: this.nameOf(id) };
  }

  /** The row's vendor by its cell (the file's text, as the exports wrote it: restoreFormula). */
  ofRow(cells: readonly string[], row: number): RowVendor {
    const text = this.column < 0 ? '' : restoreFormula((cells[this.column] ?? '').trim());
    // No vendor chosen yet (a preview before the wizard's vendor is set): the row's vendor is not known.
    if (text === '') return { vendorId: this.fallbackId };
    const id = this.byKey.get(vendorKey(text));
    if (id !== undefined) return { vendorId: id };
    if (this.createVendors) return { newVendor: tidyVendorName(text) };
    return { error: { row, column: this.mapping.vendor!, value: text, reason: IMPORT_MESSAGES.unknownVendor(tidyVendorName(text)) }, unknownVendor: tidyVendorName(text) };
  }

  /** A vendor to be created, if known by now (created by an earlier batch). */
  idOfName(name: string): number | undefined {
    return this.byKey.get(vendorKey(name));
  }

  /**
   * Creates the vendors of these names that do not exist yet, once each, in one transaction; a
   * name another request created meanwhile is taken as it is (its unique index: lower(name)).
   */
  async create(db: Kysely<DB>, names: Iterable<string>): Promise<void> {
    const missing = new Map<string, string>();
    // The first spelling the file gives is the vendor's name.
    for (const name of names) if (!this.byKey.has(vendorKey(name)) && !missing.has(vendorKey(name))) missing.set(vendorKey(name), tidyVendorName(name));
    if (!missing.size) return;
    const now = nowIso();
    const made = await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('vendors')
        .values([...missing.values()].map((name) => ({ name, status: 'active' as const, created_at: now, updated_at: now })))
        .onConflict((oc) => oc.doNothing())
        .execute();
      return trx.selectFrom('vendors').select(['id', 'name']).where(sql<string>`lower(name)`, 'in', [...missing.values()].map((n) => n.toLowerCase())).execute();
    });
    this.learn(made);
  }

  private learn(vendors: Array<{ id: number; name: string }>) {
    for (const v of vendors) {
      this.names.set(v.id, v.name);
      // Two stored names that differ only in spaces: the older one is the match.
      const key = vendorKey(v.name);
      if (!this.byKey.has(key)) this.byKey.set(key, v.id);
    }
  }
}

/**
 * What the dry run tells of the vendors (issue 19): the new vendors a Vendor column names, with
 * their rows, and the rows whose SKU belongs to another vendor than the row's, with those vendors.
 */
export class VendorTally {
  private readonly fresh = new Map<string, { name: string; rows: number }>();
  private otherRows = 0;
  private readonly others = new Set<string>();

  newVendor(name: string) {
    const key = vendorKey(name);
    const entry = this.fresh.get(key) ?? { name, rows: 0 };
    entry.rows += 1;
    this.fresh.set(key, entry);
  }

  otherVendor(name: string) {
    this.otherRows += 1;
    this.others.add(name);
  }

  summary() {
    return { otherVendor: { rows: this.otherRows, vendors: [...this.others].sort() }, newVendors: [...this.fresh.values()] };
  }
}
