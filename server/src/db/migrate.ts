import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.js';
import { initialMigration } from './migrations/0001-initial.js';
import { vendorIndexesMigration } from './migrations/0002-vendor-indexes.js';
import { categoryCountsMigration } from './migrations/0003-category-counts.js';
import { productSearchMigration } from './migrations/0004-product-search.js';
import { downloadTokensMigration } from './migrations/0005-download-tokens.js';
import { statementCountTriggersMigration } from './migrations/0006-statement-count-triggers.js';
import { vendorCountsMigration } from './migrations/0007-vendor-counts.js';
import { productListIndexesMigration } from './migrations/0010-product-list-indexes.js';
import { categoryTreeVersionMigration } from './migrations/0011-category-tree-version.js';
import { importRunsMigration } from './migrations/0016-import-runs.js';

/** Migrations live in code (not read from a folder) so that the same list runs under tsx, tests and bundles. */
function migrationsFor(dialect: Database['dialect']): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(dialect),
    '0002-vendor-indexes': vendorIndexesMigration,
    '0003-category-counts': categoryCountsMigration(dialect),
    '0004-product-search': productSearchMigration(dialect),
    '0005-download-tokens': downloadTokensMigration,
    '0006-statement-count-triggers': statementCountTriggersMigration(dialect),
    '0007-vendor-counts': vendorCountsMigration(dialect),
    '0010-product-list-indexes': productListIndexesMigration(dialect),
    '0011-category-tree-version': categoryTreeVersionMigration(dialect),
    '0016-import-runs': importRunsMigration(dialect),
  };
}

export async function migrateToLatest(database: Database): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(database.dialect) };
  // Numbers are handed out ahead (0008 and 0009 were reserved while 0010 landed): a database that
  // already ran a later migration still runs an earlier one that arrives afterwards.
  const migrator = new Migrator({ db: database.db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
