import type { Kysely } from 'kysely';
import { pathIds } from '../../db/category-path.js';
import type { DB } from '../../db/types.js';

/**
 * Each of these categories that still exists, with the names of the categories on its path, root
 * first: its path of ids ('/12/40/') names its ancestors, read by their primary key. Two lookups
 * by id, whatever the size of the trees (a join on path prefixes compared every category).
 */
export async function findCategoryPathNames(db: Kysely<DB>, ids: readonly number[]) {
  if (!ids.length) return [];
  const found = await db.selectFrom('categories').select(['id', 'type', 'path']).where('id', 'in', ids).orderBy('id').execute();
  const ancestors = [...new Set(found.flatMap((c) => pathIds(c.path)))];
  const names = new Map(ancestors.length ? (await db.selectFrom('categories').select(['id', 'name']).where('id', 'in', ancestors).execute()).map((c) => [c.id, c.name]) : []);
  // An ancestor deleted meanwhile takes its subtree with it: a found category's ancestors are all there.
  return found.map((c) => ({ id: c.id, type: c.type, names: pathIds(c.path).map((id) => names.get(id) ?? '') }));
}
