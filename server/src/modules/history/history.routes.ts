import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryPathsQuerySchema,
  categoryPathsResponseSchema,
  changeListQuerySchema,
  changeListResponseSchema,
  deletedProductsQuerySchema,
  deletedProductsResponseSchema,
  historyQuerySchema,
  idParamsSchema,
  productHistoryResponseSchema,
  restoreDeletedBodySchema,
  restoreDeletedResponseSchema,
  undoBodySchema,
  undoPreviewSchema,
  undoResultSchema,
  type UndoEvent,
} from '@bosun/shared';
import { errorResponses } from '../../lib/error-responses.js';
import { openEventStream, wantsEventStream } from '../../lib/event-stream.js';
import { requirePermission } from '../../plugins/authorization.js';
import { categoryPaths } from './category-paths.service.js';
import { getProductHistory, listChanges, type HistoryDeps } from './history.service.js';
import { listDeletedProducts, restoreDeletedProducts } from './restore-deleted.service.js';
import { streamUndo } from './undo-stream.js';
import type { UndoProgressListener } from './undo-progress.js';
import { assertUndoable, previewUndo, undoChange, type ImportTurn } from './undo.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * A product's history, the list of recorded changes and their undo, Recently deleted and its
 * restore. Restoring a version answers the product: that route is the products module's.
 */
export interface HistoryRoutesOptions {
  waitForImports: ImportTurn;
}

export const historyRoutes: FastifyPluginAsyncZod<HistoryRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', requirePermission('products'));
  const deps = (request: FastifyRequest): HistoryDeps => ({ db: app.deps.db, dialect: app.deps.dialect, userId: request.user?.id ?? null });

  // Registered before the products' routes (app.ts): 'deleted' is not a product id.
  app.get('/products/deleted', {
    schema: { tags: ['history'], querystring: deletedProductsQuerySchema, response: { 200: deletedProductsResponseSchema, ...errors } },
    handler: async (request) => listDeletedProducts(deps(request), request.query),
  });

  app.post('/products/restore', {
    schema: { tags: ['history'], body: restoreDeletedBodySchema, response: { 200: restoreDeletedResponseSchema, ...errors } },
    handler: async (request) => restoreDeletedProducts(deps(request), request.body),
  });

  app.get('/products/:id/history', {
    schema: { tags: ['history'], params: idParamsSchema, querystring: historyQuerySchema, response: { 200: productHistoryResponseSchema, ...errors } },
    handler: async (request) => getProductHistory(deps(request), request.params.id, request.query),
  });

  // The names for the category ids a history shows, with the products permission as the list's paths.
  app.get('/history/category-paths', {
    schema: { tags: ['history'], querystring: categoryPathsQuerySchema, response: { 200: categoryPathsResponseSchema, ...errors } },
    handler: async (request) => categoryPaths(app.deps.db, request.query.ids),
  });

  app.get('/changes', {
    schema: { tags: ['history'], querystring: changeListQuerySchema, response: { 200: changeListResponseSchema, ...errors } },
    handler: async (request) => listChanges(deps(request), request.query),
  });

  app.get('/changes/:id/undo', {
    schema: { tags: ['history'], params: idParamsSchema, response: { 200: undoPreviewSchema, ...errors } },
    handler: async (request) => previewUndo(deps(request), request.params.id),
  });

  // JSON by default; with `Accept: text/event-stream`, the undo's progress as server-sent events (UndoEvent).
  app.post('/changes/:id/undo', {
    schema: { tags: ['history'], params: idParamsSchema, body: undoBodySchema, response: { 200: undoResultSchema, ...errors } },
    handler: async (request, reply) => {
      const run = (listener?: UndoProgressListener) => undoChange({ ...deps(request), waitForImports: options.waitForImports }, request.params.id, request.body, listener);
      if (!wantsEventStream(request)) return run();
      // Checked before the stream starts, so that an unknown or undone change keeps its status.
      await assertUndoable(app.deps.db, request.params.id);
      await streamUndo(openEventStream<UndoEvent>(reply), request.log, run);
      return reply;
    },
  });
};
