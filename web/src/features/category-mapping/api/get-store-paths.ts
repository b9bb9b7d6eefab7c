import type { StoreCategoryRef } from '@bosun/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /category-mappings/store-paths: shop categories whose path holds every word typed (the picker's typeahead). */
export const getStorePaths = async (search: string, signal?: AbortSignal) =>
  (await apiClient.get<{ categories: StoreCategoryRef[] }>('/category-mappings/store-paths', { params: { search }, signal })).categories;

export const useStorePaths = (search: string) =>
  useQuery({ queryKey: ['category-mappings', 'store-paths', search], queryFn: ({ signal }) => getStorePaths(search, signal), placeholderData: keepPreviousData });
