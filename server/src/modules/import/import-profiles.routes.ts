import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  importProfileBodySchema,
  importProfileListQuerySchema,
  importProfileListResponseSchema,
  importProfileResponseSchema,
  messageResponseSchema,
  IMPORT_PROFILE_MESSAGES,
  runFeedBodySchema,
} from '@bosun/shared';
import { badRequest, conflict } from '../../errors.js';
import { feedJob } from './feed-runs.js';
import { errorResponses } from '../../lib/error-responses.js';
import { requirePermission } from '../../plugins/authorization.js';
import { createImportProfile, deleteImportProfile, getImportProfile, listImportProfiles, updateImportProfile } from './import-profiles.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);


/** A vendor's import profiles (issue 22): imports are product work, so the products flag. */
export const importProfilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePermission('products'));

  app.get('/import-profiles', {
    schema: { tags: ['import'], querystring: importProfileListQuerySchema, response: { 200: importProfileListResponseSchema, ...errors } },
    handler: async (request) => ({ profiles: await listImportProfiles(app.deps.db, { vendorId: request.query.vendorId }) }),
  });

  app.get('/import-profiles/:id', {
    schema: { tags: ['import'], params: idParamsSchema, response: { 200: importProfileResponseSchema, ...errors } },
    handler: async (request) => ({ profile: await getImportProfile(app.deps.db, request.params.id) }),
  });

  app.post('/import-profiles', {
    schema: { tags: ['import'], body: importProfileBodySchema, response: { 201: importProfileResponseSchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send({ profile: await createImportProfile(app.deps.db, app.deps.secrets, request.body) }),
  });

  app.put('/import-profiles/:id', {
    schema: { tags: ['import'], params: idParamsSchema, body: importProfileBodySchema, response: { 200: importProfileResponseSchema, ...errors } },
    handler: async (request) => ({ profile: await updateImportProfile(app.deps.db, app.deps.secrets, request.params.id, request.body) }),
  });

  // 'Run now': the feed is fetched and imported in the background, under the lease its schedule uses.
  app.post('/import-profiles/:id/run', {
    schema: { tags: ['import'], params: idParamsSchema, body: runFeedBodySchema, response: { 202: messageResponseSchema, ...errors } },
    handler: async (request, reply) => {
      const profile = await getImportProfile(app.deps.db, request.params.id);
      if (!profile.feed) throw badRequest(IMPORT_PROFILE_MESSAGES.noFeed, { feed: IMPORT_PROFILE_MESSAGES.noFeed });
      const deps = { db: app.deps.db, dialect: app.deps.dialect, config: app.deps.config, secrets: app.deps.secrets, log: app.log };
      const started = await app.scheduler.runNow(feedJob(deps, profile.id, { userId: request.user.id, ...request.body }));
      if (!started.started) throw conflict(IMPORT_PROFILE_MESSAGES.feedBusy);
      return reply.code(202).send({ message: IMPORT_PROFILE_MESSAGES.feedStarted });
    },
  });

  app.delete('/import-profiles/:id', {
    schema: { tags: ['import'], params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    handler: async (request) => deleteImportProfile(app.deps.db, request.params.id),
  });
};
