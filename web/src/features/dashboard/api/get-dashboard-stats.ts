import type { DashboardStats } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getDashboardStats = (signal?: AbortSignal) => apiClient.get<DashboardStats>('/dashboard/stats', { signal });

export const dashboardStatsQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'stats'], queryFn: ({ signal }) => getDashboardStats(signal) });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
