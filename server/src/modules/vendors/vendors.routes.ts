import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createVendorBodySchema,
  deleteVendorResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  updateVendorBodySchema,
  vendorResponseSchema,
  vendorNamesResponseSchema,
  vendorsListResponseSchema,
} from '@bosun/shared';
import { errorResponses } from '../../lib/error-responses.js';
import { requirePermission } from '../../plugins/authorization.js';
import { createVendor, deleteVendor, listVendorNames, listVendors, updateVendor } from './vendors.service.js';
import { plainJsonSerializer } from '../../lib/plain-json.js';

const errors = errorResponses(400, 401, 403, 404, 409);

export const vendorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePermission('vendors'));

  app.get('/vendors', {
    serializerCompiler: plainJsonSerializer,
    schema: { tags: ['vendors'], response: { 200: vendorsListResponseSchema, ...errors } },
    handler: async () => ({ vendors: await listVendors(app.deps.db) }),
  });

  // Product work (the import wizard, the product form, the list's filter) and category work (a
  // vendor's tree) pick a vendor by name: the products and categories flags read the names and
  // product counts, and nothing else of a vendor (issue 24).
  app.get('/vendors/names', {
    config: { readableWith: ['products', 'categories'] },
    schema: { tags: ['vendors'], response: { 200: vendorNamesResponseSchema, ...errors } },
    handler: async () => ({ vendors: await listVendorNames(app.deps.db) }),
  });

  app.post('/vendors', {
    schema: { tags: ['vendors'], body: createVendorBodySchema, response: { 201: vendorResponseSchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send({ vendor: await createVendor(app.deps.db, request.body) }),
  });

  app.put('/vendors/:id', {
    schema: { tags: ['vendors'], params: idParamsSchema, body: updateVendorBodySchema, response: { 200: vendorResponseSchema, ...errors } },
    handler: async (request) => ({ vendor: await updateVendor(app.deps.db, request.params.id, request.body) }),
  });

  app.delete('/vendors/:id', {
    schema: { tags: ['vendors'], params: idParamsSchema, response: { 200: deleteVendorResponseSchema, ...errors } },
    handler: async (request) => deleteVendor(app.deps.db, request.params.id, request.user.permissions, { dialect: app.deps.dialect, userId: request.user.id }),
  });
};
