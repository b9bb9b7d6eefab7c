import { CATEGORY_PATHS_MAX_IDS, type CategoryPathsResponse } from '@bosun/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getCategoryPaths = (ids: readonly number[], signal?: AbortSignal) =>
  apiClient.get<CategoryPathsResponse>('/history/category-paths', { params: { ids: ids.join(',') }, signal });

/** One request for every id; a category renamed elsewhere shows its new name after a minute. */
export const categoryPathsQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: ['history', 'category-paths', ids],
    queryFn: ({ signal }) => getCategoryPaths(ids, signal),
    staleTime: 60_000,
  });

/** The ids one look-up asks for: each once, sorted (the same set is one cache entry), at most the server's limit. */
export const categoryPathsRequestIds = (ids: Iterable<number>): number[] =>
  [...new Set(ids)].sort((a, b) => a - b).slice(0, CATEGORY_PATHS_MAX_IDS);

/** The paths of names of these categories (as categoryPathsRequestIds makes the list); a category deleted since is missing from the answer. */
export function useCategoryPaths(requestIds: readonly number[]) {
  // The names known so far stay while a longer list (another page of history) is looked up.
  return useQuery({ ...categoryPathsQueryOptions(requestIds), enabled: requestIds.length > 0, placeholderData: keepPreviousData });
}
