import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportFileName, exportQuerySchema, WORKBOOK_TYPE } from '@bosun/shared';
import { requirePermission } from '../../plugins/authorization.js';
import { exportProductsCsv } from './export.service.js';
import { exportProductsXlsx } from './export-xlsx.js';
import { sendSqliteExport } from './sqlite-export.js';

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePermission('products'));

  app.get('/products/export', {
    config: { downloadToken: true },
    // The answer is a CSV or .xlsx stream, so no response schema; errors keep the usual {message, code} shape.
    schema: { tags: ['export'], querystring: exportQuerySchema },
    handler: async (request, reply) => {
      if (request.query.format === 'xlsx') {
        const stream = await exportProductsXlsx(app.deps.db, app.deps.dialect, request.query);
        return reply
          .header('content-type', WORKBOOK_TYPE)
          .header('content-disposition', `attachment; filename="${exportFileName(request.query.mode, new Date(), 'xlsx')}"`)
          .header('cache-control', 'no-store')
          .send(stream);
      }
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
