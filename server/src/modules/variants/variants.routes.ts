import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkUpdateVariationsBodySchema,
  createVariationBodySchema,
  deleteVariationsBodySchema,
  generatePreviewSchema,
  generateResultSchema,
  generateVariationsBodySchema,
  idParamsSchema,
  putAttributesBodySchema,
  updateVariationsBodySchema,
  variationSchema,
  variationsResponseSchema,
} from '@bosun/shared';
import type { FastifyRequest } from 'fastify';
import { requirePermission } from '../../plugins/authorization.js';
import { errorResponses } from '../../lib/error-responses.js';
import { putAttributes } from './attributes.service.js';
import { bulkUpdateVariations } from './variation-bulk-update.js';
import { createVariation, deleteVariations, generateVariations, getVariations, previewGeneration, updateVariations } from './variants.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const counted = (key: string) => z.object({ message: z.string(), [key]: z.number().int() });

/** A variable product's attributes and variations (issue 18), under the products permission. */
export const variantsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePermission('products'));
  const deps = (request: FastifyRequest) => ({ db: app.deps.db, dialect: app.deps.dialect, userId: request.user.id });
  const tags = ['variations'];

  app.get('/products/:id/variations', {
    schema: { tags, params: idParamsSchema, response: { 200: variationsResponseSchema, ...errors } },
    handler: async (request) => getVariations(deps(request), request.params.id),
  });

  app.put('/products/:id/attributes', {
    schema: { tags, params: idParamsSchema, body: putAttributesBodySchema, response: { 200: variationsResponseSchema.extend({ message: z.string() }), ...errors } },
    handler: async (request) => putAttributes(deps(request), request.params.id, request.body),
  });

  app.post('/products/:id/variations', {
    schema: { tags, params: idParamsSchema, body: createVariationBodySchema, response: { 201: variationSchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send(await createVariation(deps(request), request.params.id, request.body)),
  });

  app.patch('/products/:id/variations', {
    schema: { tags, params: idParamsSchema, body: updateVariationsBodySchema, response: { 200: counted('saved'), ...errors } },
    handler: async (request) => updateVariations(deps(request), request.params.id, request.body),
  });

  app.post('/products/:id/variations/delete', {
    schema: { tags, params: idParamsSchema, body: deleteVariationsBodySchema, response: { 200: counted('deleted'), ...errors } },
    handler: async (request) => deleteVariations(deps(request), request.params.id, request.body.ids),
  });

  app.post('/products/:id/variations/generate', {
    schema: {
      tags,
      params: idParamsSchema,
      body: generateVariationsBodySchema,
      response: { 200: z.union([generatePreviewSchema, generateResultSchema]), ...errors },
    },
    handler: async (request) =>
      request.body.preview ? previewGeneration(deps(request), request.params.id, request.body) : generateVariations(deps(request), request.params.id, request.body),
  });

  app.post('/products/:id/variations/bulk-update', {
    schema: { tags, params: idParamsSchema, body: bulkUpdateVariationsBodySchema, response: { 200: counted('updated'), ...errors } },
    handler: async (request) => bulkUpdateVariations(deps(request), request.params.id, request.body),
  });
};
