import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkDeleteCategoriesBodySchema,
  bulkDeleteCategoriesResponseSchema,
  categoriesResponseSchema,
  categoryBodySchema,
  categoryResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  mergeCategoriesBodySchema,
  messageResponseSchema,
  vendorCategoriesQuerySchema,
  vendorCategoriesResponseSchema,
  vendorIdParamsSchema,
} from '@bosun/shared';
import { errorResponses } from '../../lib/error-responses.js';
import { requirePermission } from '../../plugins/authorization.js';
import {
  bulkDeleteCategories,
  clearCategoryListsCache,
  createCategory,
  deleteCategory,
  getCategoriesJson,
  getVendorCategoriesJson,
  mergeCategories,
  updateCategory,
} from './categories.service.js';
import { sendJsonBytes } from '../../lib/plain-json.js';

const errors = errorResponses(400, 401, 403, 404);

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePermission('categories'));
  /** Who deletes or merges: their products' history records it. */
  const actor = (request: FastifyRequest) => ({ dialect: app.deps.dialect, userId: request.user.id });
  // Counts are read from the database on every request; nothing here may be cached by a browser or proxy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Both lists are answered as JSON bytes the service put together (see getCategoriesJson); the
  // schemas still document them in /api/docs. Product work picks and filters by these trees, so
  // the products flag reads them too (issue 24); every write below keeps needing categories.
  app.get('/categories', {
    config: { readableWith: ['products'] },
    schema: { tags: ['categories'], response: { 200: categoriesResponseSchema, ...errors } },
    handler: async (_request, reply) => sendJsonBytes(reply, await getCategoriesJson(app.deps.db, app.deps.dialect)),
  });

  app.get('/categories/vendor/:vendorId', {
    config: { readableWith: ['products'] },
    schema: {
      tags: ['categories'],
      params: vendorIdParamsSchema,
      querystring: vendorCategoriesQuerySchema,
      response: { 200: vendorCategoriesResponseSchema, ...errors },
    },
    handler: async (request, reply) =>
      sendJsonBytes(reply, await getVendorCategoriesJson(app.deps.db, app.deps.dialect, { vendorId: request.params.vendorId, type: request.query.type })),
  });

  app.post('/categories', {
    schema: { tags: ['categories'], body: categoryBodySchema, response: { 201: categoryResponseSchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send({ category: await createCategory(app.deps.db, request.body) }),
  });

  app.put('/categories/:id', {
    schema: { tags: ['categories'], params: idParamsSchema, body: categoryBodySchema, response: { 200: categoryResponseSchema, ...errors } },
    handler: async (request) => ({ category: await updateCategory(app.deps.db, request.params.id, request.body) }),
  });

  app.delete('/categories/bulk-delete', {
    schema: { tags: ['categories'], body: bulkDeleteCategoriesBodySchema, response: { 200: bulkDeleteCategoriesResponseSchema, ...errors } },
    handler: async (request) => bulkDeleteCategories(app.deps.db, request.body.categoryIds, actor(request)),
  });

  app.delete('/categories/:id', {
    schema: { tags: ['categories'], params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    handler: async (request) => deleteCategory(app.deps.db, request.params.id, actor(request)),
  });

  app.post('/categories/merge', {
    schema: { tags: ['categories'], body: mergeCategoriesBodySchema, response: { 200: messageResponseSchema, ...errors } },
    handler: async (request) => mergeCategories(app.deps.db, request.body, actor(request)),
  });

  // The original's server cache could be stale; Bosun's layout is checked against the tree's version on every request.
  app.post('/categories/clear-cache', {
    schema: { tags: ['categories'], response: { 200: messageResponseSchema, ...errors } },
    handler: async () => clearCategoryListsCache(app.deps.db),
  });
};
