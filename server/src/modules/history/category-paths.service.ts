import type { Kysely } from 'kysely';
import type { CategoryPathsResponse } from '@bosun/shared';
import type { DB } from '../../db/types.js';
import { findCategoryPathNames } from './category-paths.repository.js';

/**
 * The paths of names of the categories a product's history names, as the products list shows
 * them ('Deck > Cleats'), in two queries whatever the number of ids. A category deleted since is
 * left out, so that the screen can say so.
 */
export async function categoryPaths(db: Kysely<DB>, ids: readonly number[]): Promise<CategoryPathsResponse> {
  const found = await findCategoryPathNames(db, [...new Set(ids)]);
  return { categories: found.map(({ id, type, names }) => ({ id, type, path: names.join(' > ') })) };
}
