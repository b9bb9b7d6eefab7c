import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createUserBodySchema,
  errorResponseSchema,
  idParamsSchema,
  messageResponseSchema,
  updateUserBodySchema,
  USER_MESSAGES,
  userSchema,
  usersListResponseSchema,
} from '@bosun/shared';
import { requireAdmin } from '../../plugins/authorization.js';
import { approveUser, createUser, editUser, getUsers, refuseUser, removeUser } from './users.service.js';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** User management is for admins only, reads included. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);

  app.get('/users', {
    schema: { tags: ['users'], response: { 200: usersListResponseSchema, ...errors } },
    handler: async () => getUsers(app.deps.db),
  });

  app.post('/users', {
    schema: { tags: ['users'], body: createUserBodySchema, response: { 201: userSchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send(await createUser(app.deps.db, request.body)),
  });

  app.put('/users/:id', {
    schema: { tags: ['users'], params: idParamsSchema, body: updateUserBodySchema, response: { 200: userSchema, ...errors } },
    handler: async (request) => editUser(app.deps.db, request.params.id, request.body),
  });

  // A self-registered account waits (status 'pending') until an admin approves or refuses it (issue 24).
  app.post('/users/:id/approve', {
    schema: { tags: ['users'], params: idParamsSchema, response: { 200: userSchema, ...errors } },
    handler: async (request) => approveUser(app.deps.db, request.params.id),
  });

  app.post('/users/:id/refuse', {
    schema: { tags: ['users'], params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    handler: async (request) => refuseUser(app.deps.db, request.params.id),
  });

  app.delete('/users/:id', {
    schema: { tags: ['users'], params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    handler: async (request) => {
      await removeUser(app.deps.db, request.params.id, request.user.id);
      return { message: USER_MESSAGES.deleted };
    },
  });
};
