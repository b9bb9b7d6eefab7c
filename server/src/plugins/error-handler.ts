import type { FastifyError, FastifyInstance } from 'fastify';
import { fieldLabel } from '@bosun/shared';
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

/**
 * A field path as staff read it ('updateData.list_price' is 'List Price', 'variations.2.sku' is
 * 'SKU (variations 3)', 'tags.0' is 'Tags (item 1)'); the raw paths stay in details.fields for the forms.
 */
export function fieldPathLabel(path: string): string {
  const parts = path.split('.').filter(Boolean);
  const named = parts.filter((p) => !/^\d+$/.test(p));
  const last = named.at(-1);
  if (!last || last === 'body') return 'Request';
  const label = fieldLabel(last);
  const index = parts.findLastIndex((p) => /^\d+$/.test(p));
  if (index <= 0) return label;
  const position = Number(parts[index]) + 1;
  // 'tags.0' is an item of a list of values; 'variations.2.sku' a field of a list's row.
  return index === parts.length - 1 ? `${label} (item ${position})` : `${label} (${fieldLabel(parts[index - 1]!).toLowerCase()} ${position})`;
}

/** The message of a field's issue: as the schema says it when it names the field already, else after the field's label. */
function fieldMessage(path: string, message: string) {
  const label = fieldPathLabel(path);
  return message.toLowerCase().startsWith(label.toLowerCase()) ? message : `${label}: ${message}`;
}

/** The status and body an error is answered with; a 5xx never tells the client why. */
export function errorAnswer(err: FastifyError | Error): { status: number; body: { message: string; code: string; details?: unknown } } {
  if (err instanceof AppError) return { status: err.statusCode, body: { message: err.message, code: err.code, details: err.details } };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields = fieldErrors(err.validation);
    const [field, message] = Object.entries(fields)[0] ?? ['body', 'Invalid input'];
    return { status: 400, body: { message: fieldMessage(field, message), code: 'VALIDATION_ERROR', details: { fields } } };
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
