import { staleVersionDetailsSchema, type HistoryValue, type StaleVersionDetails } from '@bosun/shared';
import { isApiError } from '../../../lib/api-client';

/** The 409 of a save made on an older version: what others changed since, or null for any other error. */
export function staleSaveConflict(error: unknown): StaleVersionDetails | null {
  if (!isApiError(error) || error.status !== 409 || typeof error.details !== 'object' || error.details === null) return null;
  const parsed = staleVersionDetailsSchema.safeParse((error.details as Record<string, unknown>).conflict);
  return parsed.success ? parsed.data : null;
}

/** A value of the form's payload as the history stores it (lists as their JSON text), to show beside theirs. */
export function asHistoryValue(value: unknown): HistoryValue {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return JSON.stringify(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/**
 * The body that saves a merge: the fields kept as theirs are left out (PUT changes only what is
 * sent, so they stay as stored), the rest is mine, on the version the conflict reported.
 */
export function mergedSaveBody(mine: Record<string, unknown>, conflict: StaleVersionDetails, theirs: ReadonlySet<string>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...mine, version: conflict.version };
  for (const field of theirs) delete body[field];
  return body;
}
