import { isApiError } from './api-client';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * The field messages an API error names in `details`, keyed by form field.
 * The server may describe fields as zod issues (`[{path, message}]`), as a map (`{field: message}`),
 * or as `{field}` / `{fields: [...]}` with the error's own message; all are understood.
 */
export function fieldErrorsFromApiError<F extends string>(error: unknown, knownFields: readonly F[]): Partial<Record<F, string>> {
  const all = allFieldErrors(error);
  const known: Partial<Record<F, string>> = {};
  for (const field of knownFields) if (all[field]) known[field] = all[field];
  return known;
}

function allFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const details = error.details;
  const result: Record<string, string> = {};
  const add = (field: unknown, message: unknown) => {
    const name = Array.isArray(field) ? field.join('.') : field;
    if (typeof name !== 'string' || !name || result[name]) return;
    result[name] = typeof message === 'string' && message ? message : error.message;
  };

  if (Array.isArray(details)) {
    for (const issue of details) {
      if (typeof issue === 'object' && issue !== null) {
        const item = issue as Record<string, unknown>;
        add(item.path ?? item.field, item.message);
      } else {
        add(issue, undefined);
      }
    }
    return result;
  }
  if (typeof details !== 'object' || details === null) return result;

  const record = details as Record<string, unknown>;
  if (typeof record.field === 'string') {
    add(record.field, record.message);
    return result;
  }
  if (Array.isArray(record.fields)) {
    for (const field of record.fields) add(field, undefined);
    return result;
  }
  const map = record.fieldErrors ?? record.fields;
  const nested = typeof map === 'object' && map !== null ? (map as Record<string, unknown>) : record;
  for (const [field, message] of Object.entries(nested)) {
    add(field, Array.isArray(message) ? message[0] : message);
  }
  return result;
}

/** The server's message for a failed call, or the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.message || fallback;
  return fallback;
}

/**
 * Puts the field messages of a failed save under the form's own fields.
 * Returns whether any field took a message, so the caller toasts only what no field shows.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  return showFieldMessages(setError, fieldErrorsFromApiError<Path<T>>(error, fields));
}

/** Shows server messages under the fields they name, focusing the first; returns whether there were any. */
export function showFieldMessages<T extends FieldValues>(
  setError: UseFormSetError<T>,
  messages: Partial<Record<string, string>> | void | undefined,
): boolean {
  const entries = Object.entries(messages ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined);
  entries.forEach(([field, message], index) => setError(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 }));
  return entries.length > 0;
}
