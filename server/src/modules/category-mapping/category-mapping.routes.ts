import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryMappingBodySchema,
  categoryMappingPreviewSchema,
  categoryMappingQuerySchema,
  categoryMappingResponseSchema,
  categoryMappingResultSchema,
  storeCategoryPathsQuerySchema,
  storeCategoryPathsResponseSchema,
} from '@bosun/shared';
import { errorResponses } from '../../lib/error-responses.js';
import { requirePermission } from '../../plugins/authorization.js';
import { listCategoryMappings, previewCategoryMappings, saveCategoryMappings, searchStorePaths, storePathsOfIds } from './category-mapping.service.js';

const errors = errorResponses(400, 401, 403, 404);

/** Category mapping (issue 23): staff with the categories permission. */
export const categoryMappingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePermission('categories'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/category-mappings', {
    schema: { tags: ['categories'], querystring: categoryMappingQuerySchema, response: { 200: categoryMappingResponseSchema, ...errors } },
    handler: async (request) => listCategoryMappings(app.deps.db, request.query),
  });

  // The shop category picker: product work picks store categories too (an import profile's price
  // rules), so the products flag reads it, as it reads GET /categories.
  app.get('/category-mappings/store-paths', {
    config: { readableWith: ['products'] },
    schema: { tags: ['categories'], querystring: storeCategoryPathsQuerySchema, response: { 200: storeCategoryPathsResponseSchema, ...errors } },
    handler: async (request) => (request.query.ids ? storePathsOfIds(app.deps.db, request.query.ids) : searchStorePaths(app.deps.db, request.query.search)),
  });

  app.post('/category-mappings/preview', {
    schema: { tags: ['categories'], body: categoryMappingBodySchema, response: { 200: categoryMappingPreviewSchema, ...errors } },
    handler: async (request) => previewCategoryMappings(app.deps.db, app.deps.dialect, request.body),
  });

  app.post('/category-mappings', {
    schema: { tags: ['categories'], body: categoryMappingBodySchema, response: { 200: categoryMappingResultSchema, ...errors } },
    handler: async (request) => saveCategoryMappings(app.deps.db, request.body, { dialect: app.deps.dialect, sqlite: app.deps.sqlite, userId: request.user.id }),
  });
};
