import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  downloadTokenResponseSchema,
  errorResponseSchema,
  loginBodySchema,
  preferencesSchema,
  registerBodySchema,
  updateProfileBodySchema,
  userResponseSchema,
} from '@bosun/shared';
import { z } from 'zod';
import { issueDownloadToken, revokeSessionDownloadTokens } from './download-tokens.js';
import { revokeToken } from './revoked-tokens.repository.js';
import { login, register, updateProfile } from './auth.service.js';
import { savePreferences } from '../users/index.js';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses(400, 401, 403, 409, 429);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ ...app.deps, allowAdminSignup: app.deps.config.allowAdminSignup, allowRegistration: app.deps.config.allowRegistration });

  app.post('/auth/login', {
    config: { public: true },
    schema: { tags: ['auth'], body: loginBodySchema, response: { 200: authResponseSchema, ...errors } },
    handler: async (request) => login(deps(), request.body, request.ip),
  });

  app.post('/auth/register', {
    config: { public: true },
    schema: { tags: ['auth'], body: registerBodySchema, response: { 201: authResponseSchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send(await register(deps(), request.body)),
  });

  // An account waiting for approval may ask who it is and sign out, nothing more (issue 24).
  app.post('/auth/logout', {
    config: { allowPending: true },
    schema: { tags: ['auth'], response: { 204: z.null(), 401: errorResponseSchema } },
    handler: async (request, reply) => {
      await revokeToken(app.deps.db, request.token.jti, request.token.expiresAt);
      await revokeSessionDownloadTokens(app.deps.db, request.token.jti);
      return reply.code(204).send(null);
    },
  });

  app.post('/auth/download-token', {
    schema: { tags: ['auth'], response: { 200: downloadTokenResponseSchema, 401: errorResponseSchema } },
    handler: async (request) => issueDownloadToken(app.deps.db, request.user.id, request.token.jti),
  });

  app.get('/auth/verify', {
    config: { allowPending: true },
    schema: { tags: ['auth'], response: { 200: userResponseSchema, 401: errorResponseSchema } },
    handler: async (request) => ({ user: request.user }),
  });

  app.get('/users/profile', {
    config: { allowPending: true },
    schema: { tags: ['auth'], response: { 200: userResponseSchema, 401: errorResponseSchema } },
    handler: async (request) => ({ user: request.user }),
  });

  app.put('/users/profile', {
    schema: { tags: ['auth'], body: updateProfileBodySchema, response: { 200: userResponseSchema, ...errors } },
    handler: async (request) => ({ user: await updateProfile(deps(), request.user, request.body) }),
  });

  app.put('/users/preferences', {
    schema: { tags: ['auth'], body: preferencesSchema, response: { 200: userResponseSchema, ...errors } },
    handler: async (request) => ({ user: await savePreferences(app.deps.db, request.user, request.body) }),
  });
};
