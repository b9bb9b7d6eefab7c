import { isApiError, type ApiError } from '../../lib/api-client';

/** The message the server put in its error body, if it sent one. */
export function serverMessage(error: ApiError): string | undefined {
  const body = error.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as Record<string, unknown>).message;
  return typeof message === 'string' && message ? message : undefined;
}

/**
 * The toast for a failed category action: the server's message when it answered with one, the
 * screen's own text when it answered without, and the '... Please try again.' text when no answer
 * came at all (network down, time-out), since then trying again may well work.
 */
export function categoryErrorMessage(error: unknown, refused: string, unanswered: string = refused): string {
  if (isApiError(error)) return serverMessage(error) ?? refused;
  return unanswered;
}
