import type { StoreCategoryRef } from '@bosun/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /category-mappings/store-paths: shop categories whose path holds every word typed (the picker's typeahead). */
export const getStorePaths = async (search: string, signal?: AbortSignal) =>
  (await apiClient.get<{ categories: StoreCategoryRef[] }>('/category-mappings/store-paths', { params: { search }, signal })).categories;

export const useStorePaths = (search: string) =>
  useQuery({ queryKey: ['category-mappings', 'store-paths', search], queryFn: ({ signal }) => getStorePaths(search, signal), placeholderData: keepPreviousData });

/** GET /category-mappings/store-paths?ids=: the paths of shop categories a form holds by id (a picker shows them before any search). */
export const getStorePathsOfIds = async (ids: readonly number[], signal?: AbortSignal) =>
  (await apiClient.get<{ categories: StoreCategoryRef[] }>('/category-mappings/store-paths', { params: { ids: ids.join(',') }, signal })).categories;

export const useStorePathsOfIds = (ids: readonly number[]) => {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery({ queryKey: ['category-mappings', 'store-paths', { ids: sorted }], queryFn: ({ signal }) => getStorePathsOfIds(sorted, signal), enabled: sorted.length > 0, staleTime: 60_000 });
};
