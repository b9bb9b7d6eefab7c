import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { jsonText, likeEscaped } from './history.repository.js';

/** 'deleted' entries whose product does not exist now and that are its newest 'deleted' entry; optionally by SKU or name. */
function deletedProducts(db: Kysely<DB>, dialect: Dialect, search: string | undefined) {
  let query = db
    .selectFrom('product_changes as pc')
    .where('pc.action', '=', 'deleted')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('products as p').select('p.id').whereRef('p.id', '=', 'pc.product_id'))))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('product_changes as n').select('n.id').whereRef('n.product_id', '=', 'pc.product_id').where('n.action', '=', 'deleted').whereRef('n.id', '>', 'pc.id'))),
    );
  if (search) {
    const pattern = likeEscaped(search.toLowerCase());
    const holds = (key: string) => sql<SqlBool>`lower(${jsonText(dialect, 'pc.before', key)}) like ${pattern} escape '\\'`;
    query = query.where((eb) => eb.or([holds('sku'), holds('name')]));
  }
  return query;
}

export async function countDeletedProducts(db: Kysely<DB>, dialect: Dialect, search: string | undefined): Promise<number> {
  const row = await deletedProducts(db, dialect, search).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findDeletedProductsPage(db: Kysely<DB>, dialect: Dialect, search: string | undefined, page: { offset: number; limit: number }) {
  return deletedProducts(db, dialect, search)
    .leftJoin('changes as c', 'c.id', 'pc.change_id')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select(['pc.id', 'pc.product_id', 'pc.before', 'c.created_at', 'c.source', 'u.id as user_id', 'u.username'])
    .orderBy('pc.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export function findDeletedEntries(db: Kysely<DB>, entryIds: number[]) {
  return db.selectFrom('product_changes').select(['id', 'product_id', 'change_id', 'before']).where('id', 'in', entryIds).where('action', '=', 'deleted').execute();
}

export async function findExistingProductIds(db: Kysely<DB>, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('products').select('id').where('id', 'in', [...new Set(ids)]).execute();
  return new Set(rows.map((r) => r.id));
}

export async function findTakenSkus(db: Kysely<DB>, skus: string[]): Promise<Set<string>> {
  if (!skus.length) return new Set();
  const rows = await db.selectFrom('products').select('sku').where('sku', 'in', [...new Set(skus)]).execute();
  return new Set(rows.map((r) => r.sku));
}
