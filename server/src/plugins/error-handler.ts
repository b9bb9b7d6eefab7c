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

/** One error shape for every route (ARCHITECTURE §3); a 5xx is logged and never tells the client why. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let status = 500;
    let body: { message: string; code: string; details?: unknown };
    if (err instanceof AppError) {
      status = err.statusCode;
      body = { message: err.message, code: err.code, details: err.details };
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      const fields = fieldErrors(err.validation);
      const [field, message] = Object.entries(fields)[0] ?? ['body', 'Invalid input'];
      body = { message: `${field}: ${message}`, code: 'VALIDATION_ERROR', details: { fields } };
    } else if (isUniqueViolation(err)) {
      status = 409;
      body = { message: 'This record already exists', code: 'CONFLICT' };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      body = { message: err.message, code: err.code ?? 'BAD_REQUEST' };
    } else {
      body = { message: 'Internal server error', code: 'INTERNAL' };
    }
    if (status >= 500) request.log.error({ err }, 'request failed');
    if (request.routeOptions.config?.successEnvelope) {
      return reply.code(status).send({ success: false, error: body.message, ...body });
    }
    return reply.code(status).send(body);
  });
}
