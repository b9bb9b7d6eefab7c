import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';

/** A product's entries, newest first, with their change and its author: one page on the (product_id, id) index. */
export function findProductEntries(db: Kysely<DB>, productId: number, page: { offset: number; limit: number }) {
  return db
    .selectFrom('product_changes as pc')
    .leftJoin('changes as c', 'c.id', 'pc.change_id')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select(['pc.id', 'pc.change_id', 'pc.action', 'pc.before', 'pc.after', 'c.created_at', 'c.source', 'c.import_run_id', 'c.undone_by_change_id', 'u.id as user_id', 'u.username'])
    .where('pc.product_id', '=', productId)
    .orderBy('pc.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}
export type ProductEntryRow = Awaited<ReturnType<typeof findProductEntries>>[number];

export async function countProductEntries(db: Kysely<DB>, productId: number): Promise<number> {
  const row = await db.selectFrom('product_changes').select((eb) => eb.fn.countAll<number>().as('n')).where('product_id', '=', productId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function productExists(db: Kysely<DB>, productId: number): Promise<boolean> {
  return (await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst()) !== undefined;
}

/** The id of the product's newest entry, 0 when it has none: the version a form saves against. */
export async function findProductVersion(db: Kysely<DB>, productId: number): Promise<number> {
  const row = await db.selectFrom('product_changes').select((eb) => eb.fn.max('id').as('v')).where('product_id', '=', productId).executeTakeFirst();
  return Number(row?.v ?? 0);
}

/** The product's entries newer than `afterId`, oldest first, with who and when. */
export function findEntriesAfter(db: Kysely<DB>, productId: number, afterId: number) {
  return db
    .selectFrom('product_changes as pc')
    .leftJoin('changes as c', 'c.id', 'pc.change_id')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select(['pc.id', 'pc.action', 'pc.before', 'pc.after', 'c.created_at', 'u.id as user_id', 'u.username'])
    .where('pc.product_id', '=', productId)
    .where('pc.id', '>', afterId)
    .orderBy('pc.id')
    .execute();
}

export function findEntry(db: Kysely<DB>, entryId: number) {
  return db.selectFrom('product_changes').select(['id', 'change_id', 'product_id', 'action', 'before', 'after']).where('id', '=', entryId).executeTakeFirst();
}

export function findChange(db: Kysely<DB>, changeId: number) {
  return db.selectFrom('changes').selectAll().where('id', '=', changeId).executeTakeFirst();
}

/** One page of changes of these sources, newest first, with their author. */
export function findChangesPage(db: Kysely<DB>, sources: readonly string[], page: { offset: number; limit: number }) {
  return db
    .selectFrom('changes as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.source', 'c.created_at', 'c.import_run_id', 'c.summary', 'c.undone_by_change_id', 'c.reverts_change_id', 'u.id as user_id', 'u.username'])
    .where('c.source', 'in', [...sources])
    .orderBy('c.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countChanges(db: Kysely<DB>, sources: readonly string[]): Promise<number> {
  const row = await db.selectFrom('changes').select((eb) => eb.fn.countAll<number>().as('n')).where('source', 'in', [...sources]).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Entries per change and action for a page of changes, in one grouped query. */
export function countEntriesByAction(db: Kysely<DB>, changeIds: number[]) {
  return db
    .selectFrom('product_changes')
    .select(['change_id', 'action', (eb) => eb.fn.countAll<number>().as('n')])
    .where('change_id', 'in', changeIds)
    .groupBy(['change_id', 'action'])
    .execute();
}

export async function setUndoneBy(db: Kysely<DB>, changeId: number, undoneBy: number | null) {
  await db.updateTable('changes').set({ undone_by_change_id: undoneBy }).where('id', '=', changeId).execute();
}

/** True when the change wrote at least one entry. */
export async function changeHasEntries(db: Kysely<DB>, changeId: number): Promise<boolean> {
  return (await db.selectFrom('product_changes').select('id').where('change_id', '=', changeId).limit(1).executeTakeFirst()) !== undefined;
}

export const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A JSON document's text value, for filtering on it in SQL. */
export const jsonText = (dialect: Dialect, column: string, key: string) =>
  dialect === 'sqlite' ? sql.raw(`json_extract(${column}, '$.${key}')`) : sql.raw(`(${column} ->> '${key}')`);
