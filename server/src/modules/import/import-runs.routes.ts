import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, importRunListQuerySchema, importRunListResponseSchema } from '@bosun/shared';
import { errorResponses } from '../../lib/error-responses.js';
import { requirePermission } from '../../plugins/authorization.js';
import { listImports, rowsNotImportedFile } from './import-runs.service.js';

/** The record of past and running imports, newest first (for the Imports page). */
export const importRunsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePermission('products'));
  app.get('/imports', {
    schema: { tags: ['import'], querystring: importRunListQuerySchema, response: { 200: importRunListResponseSchema, ...errorResponses(400, 401, 403) } },
    handler: async (request) => listImports(app.deps.db, request.query),
  });
  // The 'rows not imported' file again, as the wizard's results step made it.
  app.get('/imports/:id/rows-not-imported', {
    schema: { tags: ['import'], params: idParamsSchema, response: { 200: z.string(), ...errorResponses(400, 401, 403, 404) } },
    handler: async (request, reply) => {
      const { fileName, csv } = await rowsNotImportedFile(app.deps.db, request.params.id);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${encodeURIComponent(fileName)}"`).send(csv);
    },
  });
};
