import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, productQualitySchema, qualitySettingsSchema, qualitySummarySchema, updateQualitySettingsBodySchema } from '@bosun/shared';
import { errorResponses } from '../../lib/error-responses.js';
import { requirePermission } from '../../plugins/authorization.js';
import { getProductQuality, getQualitySettings, getQualitySummary, saveQualitySettings } from './quality.service.js';

const errors = errorResponses(400, 401, 403, 404);

/** The queues are the products flag's; switching checks is the settings flag's (the products flag may read them). */
export const qualityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/quality/summary', {
    onRequest: requirePermission('products'),
    schema: { tags: ['quality'], response: { 200: qualitySummarySchema, ...errors } },
    handler: async () => getQualitySummary(app.deps.db),
  });

  app.get('/quality/products/:id', {
    onRequest: requirePermission('products'),
    schema: { tags: ['quality'], params: idParamsSchema, response: { 200: productQualitySchema, ...errors } },
    handler: async (request) => getProductQuality(app.deps.db, request.params.id),
  });

  app.get('/quality/settings', {
    onRequest: requirePermission('settings'),
    config: { readableWith: ['products'] },
    schema: { tags: ['quality'], response: { 200: qualitySettingsSchema, ...errors } },
    handler: async () => getQualitySettings(app.deps.db),
  });

  app.put('/quality/settings', {
    onRequest: requirePermission('settings'),
    schema: { tags: ['quality'], body: updateQualitySettingsBodySchema, response: { 200: qualitySettingsSchema, ...errors } },
    handler: async (request) => saveQualitySettings(app.deps.db, app.deps.dialect, request.body),
  });
};
