import { errorResponseSchema } from '@bosun/shared';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;

/** The {message, code, details?} response schema under each status a route may answer with. */
export const errorResponses = <S extends ErrorStatus>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((s) => [s, errorResponseSchema])) as Record<S, typeof errorResponseSchema>;
