import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  importProfileBodySchema,
  importProfileListQuerySchema,
  importProfileListResponseSchema,
  importProfileResponseSchema,
  messageResponseSchema,
} from '@bosun/shared';
import { errorResponses } from '../../lib/error-responses.js';
import { requirePermission } from '../../plugins/authorization.js';
import { createImportProfile, deleteImportProfile, getImportProfile, listImportProfiles, updateImportProfile } from './import-profiles.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** A vendor's import profiles (issue 22): imports are product work, so the products flag. */
export const importProfilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePermission('products'));

  app.get('/import-profiles', {
    schema: { tags: ['import'], querystring: importProfileListQuerySchema, response: { 200: importProfileListResponseSchema, ...errors } },
    handler: async (request) => ({ profiles: await listImportProfiles(app.deps.db, request.query.vendorId) }),
  });

  app.get('/import-profiles/:id', {
    schema: { tags: ['import'], params: idParamsSchema, response: { 200: importProfileResponseSchema, ...errors } },
    handler: async (request) => ({ profile: await getImportProfile(app.deps.db, request.params.id) }),
  });

  app.post('/import-profiles', {
    schema: { tags: ['import'], body: importProfileBodySchema, response: { 201: importProfileResponseSchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send({ profile: await createImportProfile(app.deps.db, request.body) }),
  });

  app.put('/import-profiles/:id', {
    schema: { tags: ['import'], params: idParamsSchema, body: importProfileBodySchema, response: { 200: importProfileResponseSchema, ...errors } },
    handler: async (request) => ({ profile: await updateImportProfile(app.deps.db, request.params.id, request.body) }),
  });

  app.delete('/import-profiles/:id', {
    schema: { tags: ['import'], params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    handler: async (request) => deleteImportProfile(app.deps.db, request.params.id),
  });
};
