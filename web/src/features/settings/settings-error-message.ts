import { SETTINGS_MESSAGES } from '@bosun/shared';
import { isApiError } from '../../lib/api-client';

/** PUT /settings answers a rejected body with `{success: false, error, message}`: the spec shows `error`. */
export function settingsErrorMessage(error: unknown): string {
  if (!isApiError(error)) return SETTINGS_MESSAGES.updateFailed;
  const body = error.body as { error?: unknown } | undefined;
  if (body && typeof body.error === 'string' && body.error) return body.error;
  return error.message || SETTINGS_MESSAGES.updateFailed;
}
