import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStatsResponseSchema, errorResponseSchema } from '@bosun/shared';
import { getDashboardStats } from './dashboard.service.js';

/** Any signed-in user sees the dashboard, whatever their permission flags. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dashboard/stats', {
    schema: { tags: ['dashboard'], response: { 200: dashboardStatsResponseSchema, 401: errorResponseSchema } },
    handler: async (request) => getDashboardStats(app.deps.db, app.deps.dialect, request.user.permissions.products),
  });
};
