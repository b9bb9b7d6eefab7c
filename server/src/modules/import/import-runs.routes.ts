import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, importRunListQuerySchema, importRunListResponseSchema, messageResponseSchema } from '@bosun/shared';
import { errorResponses } from '../../lib/error-responses.js';
import { requirePermission } from '../../plugins/authorization.js';
import { startApplyingHeldRun } from './held-run-apply.js';
import { dismissHeldRun } from './held-runs.service.js';
import { listImports, rowsNotImportedFile } from './import-runs.service.js';

/** The record of past and running imports, running first then by when they ended, newest first (for the Imports page). */
export const importRunsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Imports are product work: the same flag as running an import or a feed ('Run now').
  app.addHook('onRequest', requirePermission('products'));
  const feedDeps = () => ({ db: app.deps.db, dialect: app.deps.dialect, config: app.deps.config, secrets: app.deps.secrets, log: app.log });

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
  // 'Apply anyway' of a held feed run (issue 22): it becomes the running import, in the background.
  app.post('/imports/:id/apply', {
    schema: { tags: ['import'], params: idParamsSchema, response: { 202: messageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    handler: async (request, reply) => reply.code(202).send(await startApplyingHeldRun(feedDeps(), app.scheduler, request.params.id, request.user.id)),
  });
  // 'Dismiss' of a held feed run: nothing is imported, its file is deleted.
  app.post('/imports/:id/dismiss', {
    schema: { tags: ['import'], params: idParamsSchema, response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    handler: async (request) => dismissHeldRun(feedDeps(), request.params.id, request.user.username),
  });
};
