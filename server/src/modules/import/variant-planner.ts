import { MAX_VARIATIONS, VARIANT_MESSAGES, type Attribute, type ImportRowError } from '@bosun/shared';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { mergeImportedAttributes, otherParentReason, ownProductReason } from './import-rules.js';
import type { MappedRow } from './row-mapper.js';

/** A variable product a variation row may name: from this file, or stored before the import. */
interface KnownParent {
  attributes: Attribute[];
  /** Each combination of values seen in this file, and the SKU of the row that has it. */
  combinations: Map<string, string>;
  /** Its variations once the file's rows are written: the stored ones, and each new one this file adds. */
  variations: number;
  stored?: { kind: string };
}

interface StoredParent {
  kind: string;
  variationCount: number;
  attributes: Attribute[];
  /** A variation's parent's SKU. */
  parentSku: string | null;
}

const lower = (text: string) => text.toLocaleLowerCase('en-US');

/**
 * Ties each variation row of an import to its parent before it is written (issue 18), on the main
 * thread, for the import and its dry run alike: the parent is a variable row of the file (before
 * or after the variation: WooCommerce files may list a parent last) or a variable product stored
 * already, looked up once per batch for the batch's unknown parents. It checks what the database
 * cannot say per row: a value the parent does not declare, the values matched to the parent's
 * attributes by name and put in their order, a combination given twice by different SKUs, and
 * the limit of MAX_VARIATIONS per parent: the parent's stored variations (its variation_count,
 * read in the batch's one lookup) and each new one of the file, a stored one it updates not twice.
 * Variations whose parent is not known yet wait until the end of the file (finish).
 */
export class VariantPlanner {
  private readonly parents = new Map<string, KnownParent>();
  /** A variable row's 'ID' cell -> its SKU, for a variation's `id:N`. */
  private readonly sourceIds = new Map<string, string>();
  private waiting: MappedRow[] = [];
  /** The SKUs of the batch being planned that are stored as products of their own. */
  private ownProducts = new Set<string>();
  /** The SKUs of the batch being planned that are stored as variations, and their parents' SKUs. */
  private storedVariations = new Map<string, string | null>();
  /** The same two for the rows waiting for their parent, which finish places after their batch is gone. */
  private readonly waitingLookups = { ownProducts: new Set<string>(), storedVariations: new Map<string, string | null>() };
  readonly counts = { parents: 0, variations: 0 };

  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  /** The rows of a batch that can be written now, in file order, and the variation rows in error. */
  async plan(rows: MappedRow[]): Promise<{ ready: MappedRow[]; errors: Array<{ error: ImportRowError; row: MappedRow }> }> {
    const variable = rows.filter((row) => row.variant?.kind === 'variable');
    // A stored parent keeps the values the file does not list (mergeImportedAttributes), as the writers do.
    const stored = variable.length ? await this.storedProducts(variable.map((row) => row.sku)) : new Map<string, StoredParent>();
    for (const row of variable) {
      const known = this.parents.get(row.sku);
      const before = stored.get(row.sku);
      const merged = before?.kind === 'variable' ? mergeImportedAttributes(before.attributes, row.variant!.attributes, before.variationCount) : undefined;
      const attributes = merged && typeof merged !== 'string' ? merged : row.variant!.attributes;
      const storedVariations = before?.kind === 'variable' ? before.variationCount : 0;
      this.parents.set(row.sku, { attributes, combinations: known?.combinations ?? new Map(), variations: known?.variations ?? storedVariations });
      if (row.variant!.sourceId) this.sourceIds.set(row.variant!.sourceId, row.sku);
      this.counts.parents += 1;
    }
    // The batch's unknown parents and its variations' SKUs, looked up in one query.
    const asked = new Set<string>();
    for (const row of rows) {
      const parentSku = this.parentSkuOf(row);
      if (parentSku !== undefined && !this.parents.has(parentSku)) asked.add(parentSku);
      if (row.variant?.kind === 'variation') asked.add(row.sku);
    }
    const found = asked.size ? await this.storedProducts([...asked]) : new Map<string, StoredParent>();
    for (const [sku, parent] of found) {
      if (!this.parents.has(sku) && parent.kind !== 'variation') {
        this.parents.set(sku, { attributes: parent.attributes, combinations: new Map(), variations: parent.variationCount, stored: { kind: parent.kind } });
      }
    }
    // A variation row over a product of its own is refused before it takes a combination another row may have.
    this.ownProducts = new Set([...found].filter(([, p]) => p.kind !== 'variation').map(([sku]) => sku));
    this.storedVariations = new Map([...found].filter(([, p]) => p.kind === 'variation').map(([sku, p]) => [sku, p.parentSku]));
    return this.place(rows, false);
  }

  /** At the end of the file: the variations that waited for a parent listed after them, and the ones whose parent never came. */
  finish() {
    const rows = this.waiting;
    this.waiting = [];
    this.ownProducts = this.waitingLookups.ownProducts;
    this.storedVariations = this.waitingLookups.storedVariations;
    return this.place(rows, true);
  }

  private parentSkuOf(row: MappedRow): string | undefined {
    const parent = row.variant?.kind === 'variation' ? row.variant.parent! : undefined;
    if (parent === undefined) return undefined;
    return /^id:\s*\d+$/i.test(parent) ? this.sourceIds.get(parent.replace(/^id:\s*/i, '')) : parent;
  }

  private place(rows: MappedRow[], last: boolean) {
    const ready: MappedRow[] = [];
    const errors: Array<{ error: ImportRowError; row: MappedRow }> = [];
    for (const row of rows) {
      if (row.variant?.kind !== 'variation') {
        ready.push(row);
        continue;
      }
      const parentSku = this.parentSkuOf(row);
      const parent = parentSku === undefined ? undefined : this.parents.get(parentSku);
      if (!parent) {
        if (!last) this.wait(row);
        else errors.push({ row, error: { row: row.row, column: 'Parent', value: row.variant.parent!, reason: `The parent ${row.variant.parent} is neither a variable product of this file nor one stored` } });
        continue;
      }
      const problem = this.match(row, parentSku!, parent);
      if (problem) errors.push({ row, error: { row: row.row, ...problem } });
      else {
        ready.push(row);
        this.counts.variations += 1;
      }
    }
    return { ready, errors };
  }

  /** Keeps a row for finish, with what its batch's lookups said of its SKU. */
  private wait(row: MappedRow) {
    this.waiting.push(row);
    if (this.ownProducts.has(row.sku)) this.waitingLookups.ownProducts.add(row.sku);
    if (this.storedVariations.has(row.sku)) this.waitingLookups.storedVariations.set(row.sku, this.storedVariations.get(row.sku)!);
  }

  /** Puts the row's values in the parent's attribute order, or says what is wrong. */
  private match(row: MappedRow, parentSku: string, parent: KnownParent): Omit<ImportRowError, 'row'> | undefined {
    if (this.ownProducts.has(row.sku)) return { column: 'SKU', value: row.sku, reason: ownProductReason(row.sku) };
    // The writers refuse it too (kindConflict); said here, the dry run says so as well.
    if (this.storedVariations.has(row.sku) && this.storedVariations.get(row.sku) !== parentSku) return { column: 'SKU', value: row.sku, reason: otherParentReason(row.sku) };
    if (parent.stored && parent.stored.kind !== 'variable') {
      return { column: 'Parent', value: parentSku, reason: `${parentSku} is a ${parent.stored.kind} product, not a variable one: give it attributes first` };
    }
    const given = row.variant!.attributes;
    if (given.length !== parent.attributes.length) return { column: 'Attribute 1 value(s)', value: given.map((a) => a.values[0]).join(', '), reason: VARIANT_MESSAGES.valueCount(parent.attributes.length) };
    const options: Array<string | null> = [null, null, null];
    for (const [i, attribute] of given.entries()) {
      // By name when the row names it (WooCommerce may list them in another order), else by position.
      const at = attribute.name ? parent.attributes.findIndex((a) => lower(a.name) === lower(attribute.name)) : i;
      const declared = parent.attributes[at];
      if (!declared) return { column: `Attribute ${i + 1} name`, value: attribute.name, reason: `${attribute.name} is not an attribute of ${parentSku} (${parent.attributes.map((a) => a.name).join(', ')})` };
      const value = declared.values.find((v) => lower(v) === lower(attribute.values[0]!));
      if (value === undefined) return { column: `Attribute ${i + 1} value(s)`, value: attribute.values[0]!, reason: VARIANT_MESSAGES.notAValue(attribute.values[0]!, declared.name) };
      options[at] = value;
    }
    const key = options.join('\u0001');
    const holder = parent.combinations.get(key);
    if (holder !== undefined && holder !== row.sku) {
      return { column: 'Attribute 1 value(s)', value: options.filter((o) => o !== null).join(' / '), reason: `${VARIANT_MESSAGES.duplicate(options.filter((o): o is string => o !== null))} in this file (SKU ${holder})` };
    }
    if (holder === undefined) {
      // A stored variation of this parent is updated, not added: it is counted among the stored ones already.
      const adds = this.storedVariations.get(row.sku) !== parentSku;
      if (adds && parent.variations >= MAX_VARIATIONS) return { column: 'Parent', value: parentSku, reason: VARIANT_MESSAGES.tooMany(parent.variations + 1) };
      parent.combinations.set(key, row.sku);
      if (adds) parent.variations += 1;
    }
    row.variation = { parentSku, options };
    return undefined;
  }

  /** The stored products among these SKUs, with their attributes: one query for a batch. */
  private async storedProducts(skus: string[]) {
    const list = this.dialect === 'sqlite' ? sql`(select value from json_each(${JSON.stringify(skus)}))` : sql`(select unnest(${skus}::text[]))`;
    const rows = await sql<{ sku: string; kind: string; variation_count: number; parent_sku: string | null; name: string | null; value_list: string | null }>`
      select p.sku, p.kind, p.variation_count, pp.sku as parent_sku, a.name, a.value_list from products p
      left join products pp on pp.id = p.parent_id left join product_attributes a on a.product_id = p.id
      where p.sku in ${list} order by p.sku, a.position`.execute(this.db);
    const found = new Map<string, StoredParent>();
    for (const r of rows.rows) {
      let parent = found.get(r.sku);
      if (!parent) found.set(r.sku, (parent = { kind: r.kind, variationCount: Number(r.variation_count), attributes: [], parentSku: r.parent_sku }));
      if (r.name !== null) parent.attributes.push({ name: r.name, values: JSON.parse(r.value_list!) as string[] });
    }
    return found;
  }
}
