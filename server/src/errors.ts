/** An error the client may see: its status, a stable code and a message meant for people. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export type FieldErrors = Record<string, string>;

export const badRequest = (message: string, fields?: FieldErrors) =>
  new AppError(400, 'BAD_REQUEST', message, fields ? { fields } : undefined);
export const unauthorized = (message = 'Authentication required') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = "You don't have permission to do this.") => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, fields?: FieldErrors) =>
  new AppError(409, 'CONFLICT', message, fields ? { fields } : undefined);
export const tooManyRequests = (message: string) => new AppError(429, 'TOO_MANY_REQUESTS', message);
