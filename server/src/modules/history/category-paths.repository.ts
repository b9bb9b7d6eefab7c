import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/types.js';

/**
 * Each of these categories that still exists, with the name of every category on its path, root
 * first: a category's path of ids ('/12/40/') starts with each of its ancestors' own.
 */
export function findCategoryPathNames(db: Kysely<DB>, ids: readonly number[]) {
  return db
    .selectFrom('categories as c')
    .innerJoin('categories as a', (join) => join.on(sql<SqlBool>`substr(${sql.ref('c.path')}, 1, length(${sql.ref('a.path')})) = ${sql.ref('a.path')}`))
    .select(['c.id', 'c.type', 'a.name'])
    .where('c.id', 'in', ids)
    .orderBy('c.id')
    .orderBy('a.level')
    .execute();
}
