import { openEventStream } from '../../lib/event-stream.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  fieldMappingSchema,
  IMPORT_FIELD_GROUPS,
  IMPORT_MESSAGES,
  importFieldsResponseSchema,
  importModeParamsSchema,
  importPreviewResponseSchema,
  workbookSheetsResponseSchema,
  importFormOptionsSchema,
  importRulesFormSchema,
  type FieldMapping,
  type ImportEvent,
} from '@bosun/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/types.js';
import { AppError, badRequest } from '../../errors.js';
import { fixedFormatOf, runProfileOf } from './import-profiles.service.js';
import { errorResponses } from '../../lib/error-responses.js';
import { requirePermission } from '../../plugins/authorization.js';
import { vendorIdExists } from '../vendors/index.js';
import { importTemplateCsv } from './import-template.js';
import { previewImportStream, previewOfUpload, type PreviewRequest } from './import-preview.js';
import { openImportFile } from './import-file.js';
import { importFailureMessage, runRecordedImport } from './recorded-import.js';
import { spoolUpload } from './upload.js';
import { openWorkbook } from './xlsx-records.js';

const errors = errorResponses(400, 401, 403, 413, 415);

function parseMapping(text: string | undefined): FieldMapping {
  let json: unknown;
  try {
    json = JSON.parse(text ?? '{}');
  } catch {
    throw badRequest('fieldMapping is not valid JSON', { fieldMapping: 'fieldMapping is not valid JSON' });
  }
  const parsed = fieldMappingSchema.safeParse(json);
  if (!parsed.success) throw badRequest(`fieldMapping: ${parsed.error.issues[0]?.message}`, { fieldMapping: parsed.error.issues[0]?.message ?? '' });
  return parsed.data as FieldMapping;
}

const isTrue = (v: string | undefined) => v === 'true' || v === '1';

/** Form fields by a shared schema: a bad value is a 400 naming its field. */
function formFields<T>(schema: z.ZodType<T>, fields: Record<string, string>): T {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  throw badRequest(`${field}: ${issue.message}`, { [field]: issue.message });
}

/** moveVendors, createVendors and badOptionalValues (issue 19). */
const importOptions = (fields: Record<string, string>) => formFields(importFormOptionsSchema, fields);

/**
 * The run's profile and rules (issue 22): without a fieldMapping, the profile's mapping, and
 * without an updateMode, the profile's 'Update existing products'.
 */
async function profileOptions(db: Kysely<DB>, fields: Record<string, string>, vendorId: number | undefined) {
  const form = formFields(importRulesFormSchema, fields);
  const { profile, rules } = await runProfileOf(db, form, vendorId);
  return {
    mapping: fields.fieldMapping === undefined && profile ? (profile.mapping as FieldMapping) : parseMapping(fields.fieldMapping),
    updateMode: fields.updateMode === undefined && profile ? profile.updateExisting : isTrue(fields.updateMode),
    ...(profile ? { profileId: profile.id, fileFormat: fixedFormatOf(profile) } : {}),
    ...(rules ? { rules } : {}),
    fullList: form.fullList,
    confirmMissing: form.confirmMissing,
  };
}

const previewRequest = async (db: Kysely<DB>, fields: Record<string, string>): Promise<PreviewRequest> => {
  const vendorId = Number(fields.selectedVendor) || undefined;
  return { vendorId, ...importOptions(fields), ...(await profileOptions(db, fields, vendorId)) };
};

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePermission('products'));
  const deps = () => ({ db: app.deps.db, dialect: app.deps.dialect, config: app.deps.config });
  const maxBytes = () => app.deps.config.importMaxBytes;

  app.get('/products/import/fields', {
    schema: { tags: ['import'], response: { 200: importFieldsResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema } },
    handler: async () => ({ fields: IMPORT_FIELD_GROUPS }),
  });

  app.get('/products/import/template', {
    config: { downloadToken: true },
    schema: { tags: ['import'] },
    handler: async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="bosun_import_template.csv"')
        .send(importTemplateCsv()),
  });

  app.post('/products/import/preview', {
    schema: { tags: ['import'], consumes: ['multipart/form-data'], response: { 200: importPreviewResponseSchema, ...errors } },
    handler: async (request) => {
      // The browser sends the fields before the file, so the file is read while it uploads.
      const upload = await spoolUpload(request, maxBytes(), {
        ready: (fields) => fields.fieldMapping !== undefined || fields.profileId !== undefined,
        read: async (fields, chunks) => previewImportStream(deps(), chunks, await previewRequest(app.deps.db, fields)),
      });
      try {
        return await previewOfUpload(deps(), { ...upload, sheet: upload.fields.sheet }, await previewRequest(app.deps.db, upload.fields));
      } finally {
        await upload.remove();
      }
    },
  });

  app.post('/products/import/workbook', {
    schema: { tags: ['import'], consumes: ['multipart/form-data'], response: { 200: workbookSheetsResponseSchema, ...errors } },
    handler: async (request) => {
      const upload = await spoolUpload(request, maxBytes());
      try {
        if (!upload.workbook) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', IMPORT_MESSAGES.invalidWorkbook);
        // Read up to the chosen sheet's header row: the wizard maps its columns before the preview reads the rows.
        const opened = await openWorkbook(upload.path, upload.fields.sheet || undefined);
        opened.close();
        return { sheets: opened.workbook.sheets, sheet: opened.workbook.sheet, headers: opened.headers };
      } finally {
        await upload.remove();
      }
    },
  });

  app.post('/products/import/:mode', {
    schema: { tags: ['import'], consumes: ['multipart/form-data'], params: importModeParamsSchema, response: errors },
    handler: async (request, reply) => {
      const upload = await spoolUpload(request, maxBytes());
      try {
        const options = importOptions(upload.fields);
        const vendorId = Number(upload.fields.selectedVendor);
        if (!Number.isInteger(vendorId) || vendorId <= 0) throw badRequest(IMPORT_MESSAGES.selectVendor, { selectedVendor: IMPORT_MESSAGES.selectVendor });
        if (!(await vendorIdExists(app.deps.db, vendorId))) throw badRequest(IMPORT_MESSAGES.vendorNotFound, { selectedVendor: IMPORT_MESSAGES.vendorNotFound });
        const { mapping, ...profile } = await profileOptions(app.deps.db, upload.fields, vendorId);
        // The file and mapping are checked before the event stream starts, so a refusal has its status.
        const csv = await openImportFile({ ...upload, sheet: upload.fields.sheet, format: profile.fileFormat }, mapping, profile.rules?.createNew !== false);

        // From here the answer is a stream of server-sent events: 'data: {json}' per event.
        const stream = openEventStream<ImportEvent>(reply);
        const send = (event: ImportEvent) => stream.send(event);
        // A dropped stream does not stop the import (recorded-import.ts records how it ended).
        let ended = false;
        const clientGone = () => !ended && reply.raw.destroyed;
        try {
          const importRequest = { mapping, ...profile, ...options, vendorId, mode: request.params.mode, userId: request.user.id, fileName: upload.fileName };
          const complete = await runRecordedImport(deps(), { ...upload, sheet: upload.fields.sheet, csv }, importRequest, send, clientGone, request.log);
          send(complete);
        } catch (err) {
          send({ type: 'error', message: importFailureMessage(err) });
        }
        ended = true;
        stream.end();
      } finally {
        await upload.remove();
      }
    },
  });
};
