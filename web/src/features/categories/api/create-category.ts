import type { Category, CategoryBody } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { categoriesQueryKey } from './get-categories';

/** Saves give up after 10 s (SPEC §7). */
export const CATEGORY_SAVE_TIMEOUT_MS = 10_000;

export const createCategory = (body: CategoryBody) =>
  apiClient.post<{ category: Category }>('/categories', body, { signal: AbortSignal.timeout(CATEGORY_SAVE_TIMEOUT_MS) });

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    // The server is never stale: one refetch shows the change (no repeated refresh timers).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}
