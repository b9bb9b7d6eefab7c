import type { QualitySummary } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getQualitySummary = (signal?: AbortSignal) => apiClient.get<QualitySummary>('/quality/summary', { signal });

// Under 'products' so that every product write (which invalidates ['products']) recounts the queues.
export const qualitySummaryQueryOptions = () =>
  queryOptions({ queryKey: ['products', 'quality', 'summary'], queryFn: ({ signal }) => getQualitySummary(signal) });

export function useQualitySummary({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...qualitySummaryQueryOptions(), enabled });
}
