import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.js';
import { createDatabase, type Database, type Dialect } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import type { BusyWaitOptions } from './db/sqlite-busy-wait.js';
import { ensureProductSortIndexes } from './db/product-sort-indexes.js';
import type { DB } from './db/types.js';
import { createSecretBox, loadSecretKey, type SecretBox } from './lib/secret-box.js';
import { loggerOptions } from './logger.js';
import { authRoutes, bootstrapAdmin, createTokenService, loadSigningSecret, type TokenService } from './modules/auth/index.js';
import { categoriesRoutes } from './modules/categories/index.js';
import { categoryMappingRoutes } from './modules/category-mapping/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { historyRoutes, startHistoryPruning } from './modules/history/index.js';
import { exportRoutes } from './modules/export/index.js';
import { cleanUpAfterKilledImports, importProfilesRoutes, importRoutes, importRunsRoutes, scheduledFeedJobs, withImportLock } from './modules/import/index.js';
import { productsRoutes } from './modules/products/index.js';
import { startScheduler } from './modules/scheduler/index.js';
import { qualityRoutes, startImageChecks } from './modules/quality/index.js';
import { settingsRoutes } from './modules/settings/index.js';
import { usersRoutes } from './modules/users/index.js';
import { variantsRoutes } from './modules/variants/index.js';
import { vendorsRoutes } from './modules/vendors/index.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { authentication } from './plugins/authentication.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWebApp } from './plugins/web-app.js';

export interface AppDeps {
  db: Kysely<DB>;
  dialect: Dialect;
  /**
   * SQLite: the connection under db. A bulk write that suspends the row triggers
   * (db/sqlite-bulk-products.ts) runs its synchronous statements on it inside a transaction of db,
   * which holds this same connection until it commits.
   */
  sqlite?: SQLite.Database;
  config: Readonly<Config>;
  tokens: TokenService;
  /** Encrypts secrets kept in the database (supplier feeds' credentials). */
  secrets: SecretBox;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
}

export interface BuildOptions {
  logger?: boolean | object;
  sqliteBusy?: Partial<BusyWaitOptions>;
}

export async function buildApp(config: Readonly<Config>, options: BuildOptions = {}): Promise<BuiltApp> {
  const database = createDatabase(config.database, { sqliteBusy: options.sqliteBusy });
  await migrateToLatest(database);
  // An import that stopped midway may have left the sort indexes dropped.
  await ensureProductSortIndexes(database.db, database.dialect, config.database.kind === 'sqlite' ? config.database.file : undefined);
  const tokens = createTokenService(await loadSigningSecret(database.db, config.jwtSecret));
  const secrets = createSecretBox(await loadSecretKey(database.db, config.secretKey));
  if (config.bootstrapAdmin) await bootstrapAdmin(database.db, config.bootstrapAdmin);

  const app = Fastify({
    logger: options.logger === false ? false : { ...loggerOptions(config.logLevel), ...(typeof options.logger === 'object' ? options.logger : {}) },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', { db: database.db, dialect: database.dialect, sqlite: database.sqlite, config, tokens, secrets });
  await cleanUpAfterKilledImports(app, database.db, config.legacyHeldFeedsDir);
  app.addHook('onClose', async () => database.close());
  // Time spent in the server up to a serialised answer (query, rules, JSON), apart from the
  // network: what the bench reports as server time. For streams it is the time to the first byte.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
  });

  await registerSecurityHeaders(app);
  await registerApiDocs(app);
  await app.register(multipart, { limits: { fileSize: config.importMaxBytes, files: 1 } });
  registerErrorHandler(app);

  app.get('/api/health', {
    config: { public: true },
    schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    handler: async () => ({ status: 'ok' as const }),
  });
  await app.register(
    async (api) => {
      // Inside the /api scope: its hooks run for the routes matched here and for no other.
      await api.register(authentication);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(settingsRoutes);
      await api.register(dashboardRoutes);
      // Before the products' routes: /products/deleted is not a product id.
      // An undo waits for a writing import as another import does.
      await api.register(historyRoutes, { waitForImports: (work, onWait) => withImportLock(database.db, database.dialect, onWait ?? (() => {}), work) });
      await api.register(productsRoutes);
      await api.register(qualityRoutes);
      await api.register(variantsRoutes);
      await api.register(vendorsRoutes);
      await api.register(categoriesRoutes);
      await api.register(categoryMappingRoutes);
      await api.register(exportRoutes);
      await api.register(importRoutes);
      await api.register(importRunsRoutes);
      await api.register(importProfilesRoutes);
    },
    { prefix: '/api' },
  );
  registerWebApp(app, config.webDist);
  // Changes older than settings.history_days go, in small chunks in the background.
  startHistoryPruning(app);
  // Scheduled jobs (supplier feeds), each run by one of the servers sharing the database.
  startScheduler(app);
  app.scheduler.registerSource(() => scheduledFeedJobs({ db: database.db, dialect: database.dialect, config, secrets, log: app.log }));
  // Image addresses that do not load (issue 23), asked a few at a time, at most one per host every 2 s.
  startImageChecks(app);
  return { app, database };
}
