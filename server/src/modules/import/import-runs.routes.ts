import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importRunListQuerySchema, importRunListResponseSchema } from '@bosun/shared';
import { errorResponses } from '../../lib/error-responses.js';
import { requirePermission } from '../../plugins/authorization.js';
import { listImports } from './import-runs.service.js';

/** The record of past and running imports, newest first (for the Imports page). */
export const importRunsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePermission('products'));
  app.get('/imports', {
    schema: { tags: ['import'], querystring: importRunListQuerySchema, response: { 200: importRunListResponseSchema, ...errorResponses(400, 401, 403) } },
    handler: async (request) => listImports(app.deps.db, request.query),
  });
};
