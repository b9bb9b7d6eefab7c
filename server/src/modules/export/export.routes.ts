import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportFileName, exportQuerySchema } from '@bosun/shared';
import { requirePermission } from '../../plugins/authorization.js';
import { exportProductsCsv } from './export.service.js';
import { sendSqliteExport } from './sqlite-export.js';

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePermission('products'));

  app.get('/products/export', {
    config: { downloadToken: true },
    // The answer is a CSV stream, so no response schema; errors keep the usual {message, code} shape.
    schema: { tags: ['export'], querystring: exportQuerySchema },
    handler: async (request, reply) => {
      const answer = await exportProductsCsv(app.deps.db, app.deps.dialect, app.deps.config.database, request.query);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(request.query.mode)}"`)
        .header('cache-control', 'no-store');
      if (answer.kind === 'stream') return reply.send(answer.stream);
      await sendSqliteExport(reply, answer.plan);
      return reply;
    },
  });
};
