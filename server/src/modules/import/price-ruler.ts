import { IMPORT_ROW_WARNINGS, ruledListPrice, type PriceRules } from '@bosun/shared';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import type { CategoryResolver } from './category-resolver.js';
import type { MappedRow } from './row-mapper.js';

export type PricedRow = Pick<MappedRow, 'row' | 'sku' | 'values' | 'dropped' | 'categories' | 'variant' | 'warnings'>;

/** The store category ids under each rule's category (the category itself included): one recursive query. */
async function subtreesOf(db: Kysely<DB>, rootIds: number[]): Promise<Map<number, Set<number>>> {
  const subtrees = new Map(rootIds.map((id) => [id, new Set([id])]));
  if (!rootIds.length) return subtrees;
  const rows = await sql<{ root: number; id: number }>`
    with recursive tree(root, id) as (
      select id, id from categories where id in (${sql.join(rootIds)})
      union all
      select tree.root, c.id from categories c join tree on c.parent_id = tree.id
    )
    select root, id from tree`.execute(db);
  for (const { root, id } of rows.rows) subtrees.get(Number(root))!.add(Number(id));
  return subtrees;
}

/**
 * A profile's price rules as an import applies them (issue 22), the same in its dry run: a row's
 * list price from its vendor cost (the file's, else the stored product's) and its store category
 * (the file's path, else the stored product's; a variation's is its parent's), when the file gives
 * no list price, or always, as the rules say. A row the rules should price and cannot (no cost,
 * no rule for its cost or category) says so; it keeps the file's list price, or on an update the
 * stored one. A variable product's prices are its variations': it is never priced.
 */
export class PriceRuler {
  /** Rows priced by the rules. */
  priced = 0;

  private constructor(
    private readonly rules: PriceRules,
    private readonly subtrees: Map<number, Set<number>>,
    private readonly resolver: CategoryResolver,
    private readonly at: { list: number; cost: number },
    private readonly listHeader: string,
  ) {}

  static async load(db: Kysely<DB>, rules: PriceRules, resolver: CategoryResolver, columns: readonly string[], listHeader: string | undefined): Promise<PriceRuler> {
    const roots = [...new Set(rules.rules.flatMap((r) => (r.storeCategoryId === null ? [] : [r.storeCategoryId])))];
    return new PriceRuler(rules, await subtreesOf(db, roots), resolver, { list: columns.indexOf('list_price'), cost: columns.indexOf('vendor_cost') }, listHeader ?? 'List price');
  }

  /** Prices a batch in place: one query for the stored costs and categories of the rows that need them. */
  async price(db: Kysely<DB>, dialect: Dialect, rows: PricedRow[]) {
    const due = rows.filter((row) => row.variant?.kind !== 'variable' && (this.rules.applyTo === 'always' || row.values[this.at.list] === null || row.dropped?.includes('list_price')));
    if (!due.length) return;
    const stored = await storedCosts(db, dialect, due.map((r) => r.sku));
    for (const row of due) {
      const was = stored.get(row.sku);
      // The file's cost when it gives the row one (an empty cell that clears it is no cost), else the stored one.
      const fileGivesCost = this.at.cost >= 0 && !row.dropped?.includes('vendor_cost');
      const cost = fileGivesCost ? (row.values[this.at.cost] as number | null) : (was?.cost ?? null);
      const category = this.categoryOf(row) ?? was?.category ?? null;
      const price = ruledListPrice(this.rules, cost, (id) => category !== null && (this.subtrees.get(id)?.has(category) ?? false));
      if (price === null) {
        (row.warnings ??= []).push({ row: row.row, column: this.listHeader, value: cost === null ? '' : String(cost), reason: cost === null ? IMPORT_ROW_WARNINGS.noCostToPrice : IMPORT_ROW_WARNINGS.noPriceRuleFits(cost) });
        // Nothing the file gave is lost: an update keeps the stored price when the file gives none.
        if (row.values[this.at.list] === null && !row.dropped?.includes('list_price')) (row.dropped ??= []).push('list_price');
        continue;
      }
      row.values[this.at.list] = price;
      if (row.dropped?.includes('list_price')) row.dropped = row.dropped.filter((c) => c !== 'list_price');
      this.priced += 1;
    }
  }

  /** The deepest existing store category of the row's path, when the file gives one (a new subcategory is in its parent's subtree). */
  private categoryOf(row: PricedRow): number | null {
    const path = row.categories.store;
    if (!path?.length) return null;
    return this.resolver.peek('store', path) ?? this.resolver.missingLevels('store', path).parent?.id ?? null;
  }
}

/** The stored vendor cost and store category (a variation's: its parent's) of these SKUs: one query. */
async function storedCosts(db: Kysely<DB>, dialect: Dialect, skus: string[]) {
  const list = dialect === 'sqlite' ? sql`(select value from json_each(${JSON.stringify(skus)}))` : sql`(select unnest(${skus}::text[]))`;
  const rows = await sql<{ sku: string; cost: number | null; category: number | null }>`
    select p.sku, p.vendor_cost as cost, coalesce(p.store_category_id, parent.store_category_id) as category
    from products p left join products parent on parent.id = p.parent_id where p.sku in ${list}`.execute(db);
  return new Map(rows.rows.map((r) => [r.sku, { cost: r.cost === null ? null : Number(r.cost), category: r.category === null ? null : Number(r.category) }]));
}
