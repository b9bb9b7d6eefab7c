import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { jsonText } from './history.repository.js';

/**
 * An entry is in conflict when its product has a newer entry from a change other than `own` (the
 * change being undone, the undos and redos of it, the running undo), or from a write no change
 * claimed.
 */
const changedSince = (own: number[]) => sql`exists (select 1 from product_changes n
  where n.product_id = pe.product_id and n.id > pe.id and coalesce(n.change_id, 0) not in (${sql.join(own)}))`;

/** Products with ids in (after, upTo]: one chunk of a long undo step. */
export interface ProductRange {
  after: number;
  upTo: number;
}

/**
 * The change's entries as a subquery (alias-free): all of them, or without the products changed
 * since; optionally only the products of one range (the index on change_id, product_id finds them).
 */
export function changeEntries(changeId: number, options: { skipConflicts: boolean; own: number[]; range?: ProductRange }): RawBuilder<unknown> {
  const conflicts = options.skipConflicts ? sql` and not ${changedSince(options.own)}` : sql``;
  const range = options.range ? sql` and pe.product_id > ${options.range.after} and pe.product_id <= ${options.range.upTo}` : sql``;
  return sql`select pe.* from product_changes pe where pe.change_id = ${changeId}${range}${conflicts}`;
}

export type EntryAction = 'created' | 'updated' | 'deleted';

/**
 * The change's entries of each action cut into ranges of product ids holding `size` entries each
 * (the last one fewer), in ascending order: one statement finds every range's upper bound.
 */
export async function entryRanges(db: Kysely<DB>, changeId: number, size: number): Promise<Record<EntryAction, ProductRange[]>> {
  const { rows } = await sql<{ action: EntryAction; product_id: number }>`select action, product_id from (
      select action, product_id, row_number() over (partition by action order by product_id) as rn, count(*) over (partition by action) as n
      from product_changes where change_id = ${changeId}) t
    where rn % ${size} = 0 or rn = n order by action, product_id`.execute(db);
  const ranges: Record<EntryAction, ProductRange[]> = { created: [], updated: [], deleted: [] };
  for (const row of rows) {
    const list = ranges[row.action];
    if (!list) continue;
    const upTo = Number(row.product_id);
    if (list.at(-1)?.upTo === upTo) continue;
    list.push({ after: list.at(-1)?.upTo ?? 0, upTo });
  }
  return ranges;
}

/**
 * The change and the undos that took it back or put it back again, in a chain: their writes to
 * its products are no conflict for undoing it once more (undo, redo, undo).
 */
export async function findUndoChain(db: Kysely<DB>, changeId: number): Promise<number[]> {
  const chain = [changeId];
  for (let frontier = [changeId]; frontier.length; ) {
    const rows = await db.selectFrom('changes').select('id').where('source', '=', 'undo').where('reverts_change_id', 'in', frontier).execute();
    frontier = rows.map((r) => r.id).filter((id) => !chain.includes(id));
    chain.push(...frontier);
  }
  return chain;
}

/** What an undo would do, conflicts left out (or counted too): products to delete, to put back, to bring back. */
export async function countUndoWork(db: Kysely<DB>, changeId: number, own: number[], skipConflicts = true) {
  const entries = changeEntries(changeId, { skipConflicts, own });
  const exists = sql`exists (select 1 from products p where p.id = e.product_id)`;
  const { rows } = await sql<{ to_delete: number | null; to_revert: number | null; to_recreate: number | null }>`select
      sum(case when e.action = 'created' and ${exists} then 1 else 0 end) as to_delete,
      sum(case when e.action = 'updated' and ${exists} then 1 else 0 end) as to_revert,
      sum(case when e.action = 'deleted' and not ${exists} then 1 else 0 end) as to_recreate
    from (${entries}) e`.execute(db);
  const row = rows[0];
  return { toDelete: Number(row?.to_delete ?? 0), toRevert: Number(row?.to_revert ?? 0), toRecreate: Number(row?.to_recreate ?? 0) };
}

export async function countConflicts(db: Kysely<DB>, changeId: number, own: number[]): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(distinct pe.product_id) as n from product_changes pe
    where pe.change_id = ${changeId} and ${changedSince(own)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The first conflicting products by id, each with the newest write by another change: who, when, from where. */
export async function findConflicts(db: Kysely<DB>, dialect: Dialect, changeId: number, own: number[], limit: number) {
  const { rows } = await sql<{
    product_id: number;
    sku: string | null;
    name: string | null;
    created_at: string | null;
    source: string | null;
    user_id: number | null;
    username: string | null;
  }>`select x.product_id, coalesce(p.sku, ${jsonText(dialect, 'ln.before', 'sku')}) as sku, coalesce(p.name, ${jsonText(dialect, 'ln.before', 'name')}) as name,
      c.created_at, c.source, u.id as user_id, u.username
    from (select pe.product_id, max(n.id) as newest from product_changes pe
        join product_changes n on n.product_id = pe.product_id and n.id > pe.id and coalesce(n.change_id, 0) not in (${sql.join(own)})
        where pe.change_id = ${changeId} group by pe.product_id order by pe.product_id limit ${limit}) x
    join product_changes ln on ln.id = x.newest
    left join changes c on c.id = ln.change_id
    left join users u on u.id = c.user_id
    left join products p on p.id = x.product_id
    order by x.product_id`.execute(db);
  return rows;
}

/**
 * Deletes the products the chosen 'created' entries recorded; answers how many, variations that
 * went with their parent included (counted first: the engines count a cascaded row differently).
 */
export async function deleteCreatedEntries(db: Kysely<DB>, entries: RawBuilder<unknown>): Promise<number> {
  const created = sql`select e.product_id from (${entries}) e where e.action = 'created'`;
  const { rows } = await sql<{ n: number }>`select count(*) as n from products where id in (${created})`.execute(db);
  await sql`delete from products where id in (${created})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Products the change touched, each once. */
export async function countChangedProducts(db: Kysely<DB>, changeId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(distinct product_id) as n from product_changes where change_id = ${changeId}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
