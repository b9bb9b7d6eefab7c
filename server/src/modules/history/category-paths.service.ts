import type { Kysely } from 'kysely';
import type { CategoryPathsResponse } from '@bosun/shared';
import type { DB } from '../../db/types.js';
import { findCategoryPathNames } from './category-paths.repository.js';

/**
 * The paths of names of the categories a product's history names, as the products list shows
 * them ('Deck > Cleats'), in one query whatever the number of ids. A category deleted since is
 * left out, so that the screen can say so.
 */
export async function categoryPaths(db: Kysely<DB>, ids: readonly number[]): Promise<CategoryPathsResponse> {
  const rows = await findCategoryPathNames(db, [...new Set(ids)]);
  const paths = new Map<number, { id: number; type: 'vendor' | 'store'; names: string[] }>();
  for (const row of rows) {
    const path = paths.get(row.id) ?? { id: row.id, type: row.type, names: [] };
    path.names.push(row.name);
    paths.set(row.id, path);
  }
  return { categories: [...paths.values()].map(({ id, type, names }) => ({ id, type, path: names.join(' > ') })) };
}
