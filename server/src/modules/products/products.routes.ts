import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, productListQuerySchema, productListResponseSchema } from '@bosun/shared';
import { requirePermission } from '../../plugins/authentication.js';
import { listProducts } from './products.service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePermission('products'));

  app.get('/products', {
    schema: { tags: ['products'], querystring: productListQuerySchema, response: { 200: productListResponseSchema, ...errors } },
    handler: async (request) => listProducts(app.deps.db, request.query),
  });
};
