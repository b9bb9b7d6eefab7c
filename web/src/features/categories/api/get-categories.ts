import type { Category, CategoryNode } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { CATEGORY_UI_MESSAGES } from '../category-messages';

export interface CategoriesResponse {
  categories: CategoryNode[];
  flatCategories: Category[];
}

/** SPEC §7 'Category list fetch': each attempt gets 10 s, 3 attempts in all, waits of 1000 ms x attempt. */
export const CATEGORIES_TIMEOUT_MS = 10_000;
export const CATEGORIES_ATTEMPTS = 3;
export const categoriesRetryDelayMs = (failedAttempt: number) => 1000 * failedAttempt;

/** Every attempt failed; the message is the one the screen shows (time-out or the final failure). */
export class CategoriesLoadError extends Error {
  readonly timedOut: boolean;

  constructor(timedOut: boolean, cause: unknown) {
    super(timedOut ? CATEGORY_UI_MESSAGES.timedOut : CATEGORY_UI_MESSAGES.loadGaveUp, { cause });
    this.name = 'CategoriesLoadError';
    this.timedOut = timedOut;
  }
}

export interface GetCategoriesOptions {
  /** The caller giving up (a refetch, leaving the page): stops at once, with no retry. */
  signal?: AbortSignal;
  /** Told after each failed attempt that will be tried again (1, then 2). */
  onRetry?: (failedAttempt: number, attempts: number) => void;
  timeoutMs?: number;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * GET /categories with the resilience of the original screen. A 4xx is the server's answer and is
 * not repeated (401 signs out, 403 is Access Denied); a network failure, a 5xx or a time-out is
 * tried again. Counts come fresh from the database on every read, so there is no cache to bust;
 * the no-cache header only keeps an intermediate proxy from answering for the server.
 */
export async function getCategories({ signal, onRetry, timeoutMs = CATEGORIES_TIMEOUT_MS }: GetCategoriesOptions = {}): Promise<CategoriesResponse> {
  let lastError: unknown;
  let lastTimedOut = false;
  for (let attempt = 1; attempt <= CATEGORIES_ATTEMPTS; attempt++) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort(signal!.reason);
    signal?.addEventListener('abort', forwardAbort, { once: true });
    try {
      return await apiClient.get<CategoriesResponse>('/categories', { signal: controller.signal, headers: { 'Cache-Control': 'no-cache' } });
    } catch (error) {
      if (signal?.aborted) throw error;
      if (isApiError(error) && error.status < 500) throw error;
      lastError = error;
      lastTimedOut = timedOut;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
    if (attempt < CATEGORIES_ATTEMPTS) {
      onRetry?.(attempt, CATEGORIES_ATTEMPTS);
      await wait(categoriesRetryDelayMs(attempt), signal);
    }
  }
  throw new CategoriesLoadError(lastTimedOut, lastError);
}

/** What the screens toast when the list cannot be loaded (SPEC §8 'Categories' Load). */
export function categoriesLoadErrorMessage(error: unknown): string {
  if (error instanceof CategoriesLoadError) return error.message;
  if (isApiError(error)) {
    const body = error.body as { message?: unknown } | undefined;
    return typeof body?.message === 'string' && body.message ? body.message : CATEGORY_UI_MESSAGES.loadFailedWithStatus(error.status);
  }
  return CATEGORY_UI_MESSAGES.loadFailed;
}

export const categoriesQueryKey = ['categories', 'list'] as const;

export const categoriesQueryOptions = (onRetry?: GetCategoriesOptions['onRetry']) =>
  queryOptions({
    queryKey: categoriesQueryKey,
    queryFn: ({ signal }) => getCategories({ signal, onRetry }),
    // The attempts are counted inside getCategories, where each one has its own time-out.
    retry: false,
  });

export function useCategories(onRetry?: GetCategoriesOptions['onRetry']) {
  return useQuery(categoriesQueryOptions(onRetry));
}
