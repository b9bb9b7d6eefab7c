import path from 'node:path';
import { z } from 'zod';

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false')
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z.string().min(1).default('./data/bosun.db'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_USERNAME: z.string().min(1).optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
    ALLOW_ADMIN_SIGNUP: booleanFlag(false),
    ALLOW_REGISTRATION: booleanFlag(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    IMPORT_MAX_MB: z.coerce.number().int().min(1).max(10_000).default(500),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(30),
    SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    FEED_ALLOW_PRIVATE_ADDRESSES: booleanFlag(false),
    FEED_MAX_MB: z.coerce.number().int().min(1).max(10_000).optional(),
    FEED_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(24 * 3600).default(600),
    FEED_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    FEED_HELD_DIR: z.string().min(1).optional(),
    SCHEDULER_INTERVAL_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  })
  .refine(
    (e) => [e.ADMIN_USERNAME, e.ADMIN_EMAIL, e.ADMIN_PASSWORD].every((v) => v === undefined) ||
      [e.ADMIN_USERNAME, e.ADMIN_EMAIL, e.ADMIN_PASSWORD].every((v) => v !== undefined),
    { message: 'set all of ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD, or none', path: ['ADMIN_USERNAME'] },
  );

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  database: DatabaseTarget;
  jwtSecret?: string;
  bootstrapAdmin?: { username: string; email: string; password: string };
  allowAdminSignup: boolean;
  allowRegistration: boolean;
  logLevel: string;
  /** The largest CSV an import accepts. */
  importMaxBytes: number;
  /** How long running requests (exports, imports) may go on after SIGTERM before their connections are closed. */
  shutdownTimeoutMs: number;
  /** The key secrets at rest (feed credentials) are encrypted with; generated once and kept in the database when unset. */
  secretKey?: string;
  /** Supplier feeds: limits of a fetch, and whether private, loopback and link-local addresses may be fetched. */
  feeds: { allowPrivateAddresses: boolean; maxBytes: number; timeoutMs: number; idleTimeoutMs: number };
  /**
   * Where an earlier version kept held feed runs' files (issue 22). They are kept in the database
   * since migration 0050; start-up moves those still found here into it (held-feed-legacy-files.ts).
   */
  legacyHeldFeedsDir: string;
  /** How often the scheduler looks for due jobs (supplier feeds). */
  schedulerIntervalMs: number;
  /** Where the built SPA lives; absent in API-only tests. */
  webDist?: string;
}

export function parseDatabaseUrl(url: string): DatabaseTarget {
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: 'postgres', url };
  return { kind: 'sqlite', file: url.replace(/^sqlite:/i, '') };
}

/** Beside the SQLite database file; under ./data (where the default database lives) for PostgreSQL. */
export function defaultHeldFeedsDir(database: DatabaseTarget): string {
  return database.kind === 'sqlite' && database.file !== ':memory:' ? path.join(path.dirname(path.resolve(database.file)), 'held-feeds') : path.resolve('data', 'held-feeds');
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops start-up with the list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  const database = parseDatabaseUrl(e.DATABASE_URL);
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    database,
    jwtSecret: e.JWT_SECRET,
    bootstrapAdmin:
      e.ADMIN_USERNAME && e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    allowAdminSignup: e.ALLOW_ADMIN_SIGNUP,
    allowRegistration: e.ALLOW_REGISTRATION,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    importMaxBytes: e.IMPORT_MAX_MB * 1024 * 1024,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    secretKey: e.SECRET_KEY,
    feeds: {
      allowPrivateAddresses: e.FEED_ALLOW_PRIVATE_ADDRESSES,
      // A feed is imported as an upload is: the same size limit unless told otherwise.
      maxBytes: (e.FEED_MAX_MB ?? e.IMPORT_MAX_MB) * 1024 * 1024,
      timeoutMs: e.FEED_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: e.FEED_IDLE_TIMEOUT_SECONDS * 1000,
    },
    legacyHeldFeedsDir: e.FEED_HELD_DIR ? path.resolve(e.FEED_HELD_DIR) : defaultHeldFeedsDir(database),
    schedulerIntervalMs: e.SCHEDULER_INTERVAL_SECONDS * 1000,
  });
}
