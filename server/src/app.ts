import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Kysely } from 'kysely';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION } from '@bosun/shared';
import type { Config } from './config.js';
import { createDatabase, type Database, type Dialect } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { ensureProductSortIndexes } from './db/product-sort-indexes.js';
import type { DB } from './db/types.js';
import { AppError } from './errors.js';
import { bootstrapAdmin } from './modules/auth/auth.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createTokenService, loadSigningSecret, type TokenService } from './modules/auth/tokens.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { productsRoutes } from './modules/products/products.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { vendorsRoutes } from './modules/vendors/vendors.routes.js';
import { authentication } from './plugins/authentication.js';
import { categoriesRoutes } from './modules/categories/categories.routes.js';
import { exportRoutes } from './modules/export/export.routes.js';
import { importRoutes } from './modules/import/import.routes.js';
import { importRunsRoutes } from './modules/import/import-runs.routes.js';
import { cleanUpAfterKilledImports } from './modules/import/import-recovery.js';

export interface AppDeps {
  db: Kysely<DB>;
  dialect: Dialect;
  config: Readonly<Config>;
  tokens: TokenService;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyContextConfig {
    /** PUT /settings answers failures as {success: false, error, message} as well. */
    successEnvelope?: boolean;
  }
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** Which field each validation issue is about, so forms can show the message under it. */
function fieldErrors(issues: Array<{ instancePath?: string; params?: unknown; message?: string }>) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const key = params?.issue?.path?.join('.') || issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') || 'body';
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: string }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
};

function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let status = 500;
    let body: { message: string; code: string; details?: unknown };
    if (err instanceof AppError) {
      status = err.statusCode;
      body = { message: err.message, code: err.code, details: err.details };
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      const fields = fieldErrors(err.validation);
      const [field, message] = Object.entries(fields)[0] ?? ['body', 'Invalid input'];
      body = { message: `${field}: ${message}`, code: 'VALIDATION_ERROR', details: { fields } };
    } else if (isUniqueViolation(err)) {
      status = 409;
      body = { message: 'This record already exists', code: 'CONFLICT' };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      body = { message: err.message, code: err.code ?? 'BAD_REQUEST' };
    } else {
      body = { message: 'Internal server error', code: 'INTERNAL' };
    }
    if (status >= 500) request.log.error({ err }, 'request failed');
    if (request.routeOptions.config?.successEnvelope) {
      return reply.code(status).send({ success: false, error: body.message, ...body });
    }
    return reply.code(status).send(body);
  });
}

function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  const indexHtml = webDist && path.join(webDist, 'index.html');
  const hasWeb = indexHtml !== undefined && fs.existsSync(indexHtml);
  if (hasWeb) {
    app.register(fastifyStatic, { root: webDist!, wildcard: false, index: false, maxAge: '1y', immutable: true });
  }
  app.setNotFoundHandler((request, reply) => {
    // The SPA owns every other GET path (history fallback); the API answers JSON 404s.
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && request.url !== '/api') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist!, { maxAge: 0, immutable: false });
    }
    return reply.code(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'NOT_FOUND' });
  });
}

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
}

export async function buildApp(config: Readonly<Config>, options: { logger?: boolean | object } = {}): Promise<BuiltApp> {
  const database = createDatabase(config.database);
  await migrateToLatest(database);
  // An import that stopped midway may have left the sort indexes dropped.
  await ensureProductSortIndexes(database, config.database.kind === 'sqlite' ? config.database.file : undefined);
  const tokens = createTokenService(await loadSigningSecret(database.db, config.jwtSecret));
  if (config.bootstrapAdmin) await bootstrapAdmin(database.db, config.bootstrapAdmin);

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: ['req.headers.authorization', 'req.body.password'] },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', { db: database.db, dialect: database.dialect, config, tokens });
  await cleanUpAfterKilledImports(app, database.db);
  app.addHook('onClose', async () => database.close());
  // Time spent in the server up to a serialised answer (query, rules, JSON), apart from the
  // network: what the bench reports as server time. For streams it is the time to the first byte.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables in style attributes and tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Logos and product images are addresses anywhere on the web.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Bosun API', version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiHooks: {} });
  await app.register(multipart, { limits: { fileSize: config.importMaxBytes, files: 1 } });
  registerErrorHandling(app);
  await app.register(authentication);

  app.get('/api/health', {
    config: { public: true },
    schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    handler: async () => ({ status: 'ok' as const }),
  });
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(settingsRoutes);
      await api.register(dashboardRoutes);
      await api.register(productsRoutes);
      await api.register(vendorsRoutes);
      await api.register(categoriesRoutes);
      await api.register(exportRoutes);
      await api.register(importRoutes);
      await api.register(importRunsRoutes);
    },
    { prefix: '/api' },
  );
  registerWebApp(app, config.webDist);
  return { app, database };
}
