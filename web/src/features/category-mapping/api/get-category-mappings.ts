import type { CategoryMappingQuery, CategoryMappingResponse } from '@bosun/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const categoryMappingsQueryKey = ['category-mappings'] as const;

/** GET /category-mappings: one page of a vendor's (or every vendor's) categories with their mappings, unmapped first. */
export const getCategoryMappings = (query: CategoryMappingQuery, signal?: AbortSignal) =>
  apiClient.get<CategoryMappingResponse>('/category-mappings', { params: { ...query }, signal });

export const categoryMappingsQueryOptions = (query: CategoryMappingQuery) =>
  queryOptions({ queryKey: [...categoryMappingsQueryKey, query], queryFn: ({ signal }) => getCategoryMappings(query, signal), placeholderData: keepPreviousData });

export const useCategoryMappings = (query: CategoryMappingQuery) => useQuery(categoryMappingsQueryOptions(query));
