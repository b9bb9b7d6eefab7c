import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkDeleteProductsBodySchema,
  bulkDeleteProductsResponseSchema,
  bulkUpdateProductsBodySchema,
  bulkUpdateProductsResponseSchema,
  createProductBodySchema,
  updateProductBodySchema,
  errorResponseSchema,
  idParamsSchema,
  messageResponseSchema,
  productListQuerySchema,
  productListResponseSchema,
  productSchema,
  historyEntryParamsSchema,
  restoreVersionBodySchema,
} from '@bosun/shared';
import { requireAdmin, requirePermission } from '../../plugins/authorization.js';
import { bulkUpdateProducts } from './product-bulk-update.js';
import { createProduct, updateProduct } from './product-writes.service.js';
import { bulkDeleteProducts, deleteProduct, getProduct, listProducts } from './products.service.js';
import { errorResponses } from '../../lib/error-responses.js';
import { restoreProductVersion } from '../history/index.js';
import { plainJsonSerializer } from '../../lib/plain-json.js';

const errors = errorResponses(400, 401, 403, 404, 409);

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePermission('products'));
  const deps = (request?: FastifyRequest) => ({ db: app.deps.db, dialect: app.deps.dialect, userId: request?.user?.id ?? null });

  app.get('/products', {
    serializerCompiler: plainJsonSerializer,
    schema: { tags: ['products'], querystring: productListQuerySchema, response: { 200: productListResponseSchema, ...errors } },
    handler: async (request) => listProducts(deps(), request.query),
  });

  app.get('/products/:id', {
    schema: { tags: ['products'], params: idParamsSchema, response: { 200: productSchema, ...errors } },
    handler: async (request) => getProduct(deps(), request.params.id),
  });

  app.post('/products', {
    schema: { tags: ['products'], body: createProductBodySchema, response: { 201: productSchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send(await createProduct(deps(request), request.body)),
  });

  // Registered before /products/:id so 'bulk' is never read as an id.
  app.put('/products/bulk/update', {
    schema: { tags: ['products'], body: bulkUpdateProductsBodySchema, response: { 200: bulkUpdateProductsResponseSchema, ...errors } },
    handler: async (request) => {
      const { ids, filter, updateData, allowSpecialBelowCost } = request.body;
      return bulkUpdateProducts(app.deps.db, app.deps.dialect, { ids, filter }, updateData, allowSpecialBelowCost, request.user.id, app.deps.sqlite);
    },
  });

  app.put('/products/:id', {
    schema: { tags: ['products'], params: idParamsSchema, body: updateProductBodySchema, response: { 200: productSchema, ...errors } },
    handler: async (request) => updateProduct(deps(request), request.params.id, request.body),
  });

  // 'Restore this version' (or one field of it) on the History tab, itself recorded (issue 20).
  app.post('/products/:id/history/:entryId/restore', {
    schema: { tags: ['products', 'history'], params: historyEntryParamsSchema, body: restoreVersionBodySchema, response: { 200: productSchema, ...errors } },
    handler: async (request) => {
      await restoreProductVersion({ ...deps(request), userId: request.user.id }, request.params.id, request.params.entryId, request.body);
      return getProduct(deps(), request.params.id);
    },
  });

  app.delete('/products/:id', {
    schema: { tags: ['products'], params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    handler: async (request) => deleteProduct(deps(request), request.params.id),
  });

  // Bulk delete is for admins only (SPEC §6); one transaction instead of N parallel DELETEs.
  app.post('/products/bulk-delete', {
    onRequest: requireAdmin,
    schema: { tags: ['products'], body: bulkDeleteProductsBodySchema, response: { 200: bulkDeleteProductsResponseSchema, ...errors } },
    handler: async (request) => bulkDeleteProducts(deps(request), request.body),
  });
};
