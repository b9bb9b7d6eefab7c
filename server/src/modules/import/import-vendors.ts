import { IMPORT_MESSAGES, restoreFormula, type FieldMapping, type ImportRowError } from '@bosun/shared';
import { sql, type Kysely } from 'kysely';
import { nowIso } from '../../db/clock.js';
import type { DB } from '../../db/types.js';

/** A vendor's name as an import creates it: surrounding spaces dropped, runs of spaces made one. */
export const tidyVendorName = (name: string) => name.trim().replace(/\s+/g, ' ');
/** How a file's vendor name is matched to a stored vendor: case- and space-insensitively. */
const vendorKey = (name: string) => tidyVendorName(name).toLocaleLowerCase('en-US');

/**
 * What the vendor cell made of a row: its vendor, or the row's error. A vendor still to be created
 * (newVendor) has a provisional id, negative, that stands for it until the write that first needs
 * it creates it (see ImportVendors).
 */
export type RowVendor = { vendorId: number | null; newVendor?: string } | { error: ImportRowError; unknownVendor?: string };

/** The vendors a write created: [provisional id, id]. */
export type CreatedVendors = Array<[number, number]>;

/**
 * The vendors an import files its rows under (issue 19, point 7): each row's vendor is the one its
 * mapped Vendor column names, matched by name, or the wizard's vendor when the cell is empty (or
 * no column is mapped). Every vendor is held in memory (a shop has hundreds, not millions), so
 * that no row costs a query. A name that matches no vendor is a row error unless the request asks
 * to create such vendors (createVendors). Such a vendor gets a provisional id (negative: no vendor
 * has it) and is created by the writer in the transaction of the first row it writes for it (in
 * that row's savepoint, row by row), as a new category is: a vendor whose rows all fail, or an
 * import that fails, leaves no vendor behind. The writer tells what it created once committed (learnCreated).
 */
export class ImportVendors {
  private readonly byKey = new Map<string, number>();
  private readonly names = new Map<number, string>();
  /** The vendors still to be created: match key -> provisional id, and the name each is created with. */
  private readonly provisional = new Map<string, number>();
  private readonly provisionalNames = new Map<number, string>();
  /** Provisional id -> the id of the vendor a committed write created for it. */
  private readonly created = new Map<number, number>();
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
    return this.names.get(id) ?? this.provisionalNames.get(id) ?? `#${id}`;
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
    const key = vendorKey(text);
    const id = this.byKey.get(key);
    if (id !== undefined) return { vendorId: id };
    const name = tidyVendorName(text);
    if (this.createVendors) {
      let provisional = this.provisional.get(key);
      // The first spelling the file gives is the vendor's name.
      if (provisional === undefined) {
        this.provisional.set(key, (provisional = -(this.provisional.size + 1)));
        this.provisionalNames.set(provisional, name);
      }
      return { vendorId: provisional, newVendor: name };
    }
    return { error: { row, column: this.mapping.vendor!, value: text, reason: IMPORT_MESSAGES.unknownVendor(name) }, unknownVendor: name };
  }

  /** A row's vendor id as the writes know it by now: a provisional one stays so until a committed write created its vendor. */
  settled(id: number | null): number | null {
    return id !== null && id < 0 ? (this.created.get(id) ?? id) : id;
  }

  /** [provisional id, name] of the vendors among these ids that no committed write has created yet. */
  toCreate(ids: Iterable<number | null>): Array<[number, string]> {
    const wanted = new Map<number, string>();
    for (const id of ids) if (id !== null && id < 0 && !this.created.has(id)) wanted.set(id, this.provisionalNames.get(id)!);
    return [...wanted];
  }

  /**
   * Creates the vendors of these provisional ids in trx (the write's transaction, or a row's
   * savepoint in it); a name another request created meanwhile is taken as it is (its unique
   * index: lower(name)). Learnt only once trx commits (learnCreated).
   */
  async createIn(trx: Kysely<DB>, wanted: Array<[number, string]>): Promise<CreatedVendors> {
    if (!wanted.length) return [];
    const now = nowIso();
    await trx
      .insertInto('vendors')
      .values(wanted.map(([, name]) => ({ name, status: 'active' as const, created_at: now, updated_at: now })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    const made: CreatedVendors = [];
    // lower() as the unique index has it (a batch names a few new vendors: one query each).
    for (const [provisional, name] of wanted) {
      const { id } = await trx.selectFrom('vendors').select('id').where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`).executeTakeFirstOrThrow();
      made.push([provisional, id]);
    }
    return made;
  }

  /** After a write committed: the vendors it created are the rows' vendors from now on. */
  learnCreated(made: CreatedVendors) {
    for (const [provisional, id] of made) {
      this.created.set(provisional, id);
      this.learn([{ id, name: this.provisionalNames.get(provisional)! }]);
    }
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
