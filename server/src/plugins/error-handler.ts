import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** PUT /settings answers failures as {success: false, error, message} as well. */
    successEnvelope?: boolean;
  }
}

/** Which field each validation issue is about, so forms can show the message under it. */
function fieldErrors(issues: Array<{ instancePath?: string; params?: unknown; message?: string }>) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const key = params?.issue?.path?.join('.') || issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') || 'body';
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

/** The status and body an error is answered with; a 5xx never tells the client why. */
export function errorAnswer(err: FastifyError | Error): { status: number; body: { message: string; code: string; details?: unknown } } {
  if (err instanceof AppError) return { status: err.statusCode, body: { message: err.message, code: err.code, details: err.details } };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields = fieldErrors(err.validation);
    const [field, message] = Object.entries(fields)[0] ?? ['body', 'Invalid input'];
    return { status: 400, body: { message: `${field}: ${message}`, code: 'VALIDATION_ERROR', details: { fields } } };
  }
  if (isUniqueViolation(err)) return { status: 409, body: { message: 'This record already exists', code: 'CONFLICT' } };
  const { statusCode, code } = err as FastifyError;
  if (statusCode && statusCode >= 400 && statusCode < 500) return { status: statusCode, body: { message: err.message, code: code ?? 'BAD_REQUEST' } };
  return { status: 500, body: { message: 'Internal server error', code: 'INTERNAL' } };
}

/** One error shape for every route (ARCHITECTURE §3); a 5xx is logged and never tells the client why. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const { status, body } = errorAnswer(err);
    if (status >= 500) request.log.error({ err }, 'request failed');
    if (request.routeOptions.config?.successEnvelope) {
      return reply.code(status).send({ success: false, error: body.message, ...body });
    }
    return reply.code(status).send(body);
  });
}
