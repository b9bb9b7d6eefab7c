import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, settingsSchema, updateSettingsBodySchema, updateSettingsResponseSchema } from '@bosun/shared';
import { z } from 'zod';
import { requirePermission } from '../../plugins/authorization.js';
import { getSettings, saveSettings } from './settings.service.js';

/** PUT /settings answers a rejected body as {success: false, error, message} (ARCHITECTURE §3). */
const settingsRejectionSchema = errorResponseSchema.extend({ success: z.literal(false), error: z.string() });

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every signed-in user reads them: the shell shows the company name and logo.
  app.get('/settings', {
    schema: { tags: ['settings'], response: { 200: settingsSchema, 401: errorResponseSchema } },
    handler: async () => getSettings(app.deps.db),
  });

  app.put('/settings', {
    config: { successEnvelope: true },
    onRequest: requirePermission('settings'),
    schema: {
      tags: ['settings'],
      body: updateSettingsBodySchema,
      response: { 200: updateSettingsResponseSchema, 400: settingsRejectionSchema, 401: errorResponseSchema, 403: errorResponseSchema },
    },
    handler: async (request) => ({ success: true as const, settings: await saveSettings(app.deps.db, request.body, { isAdmin: request.user.role === 'admin' }) }),
  });
};
