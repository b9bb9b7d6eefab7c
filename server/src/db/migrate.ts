import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
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
import { signInLimitsMigration } from './migrations/0013-sign-in-limits.js';
import { importRunsMigration } from './migrations/0016-import-runs.js';
import { productVariantsMigration } from './migrations/0017-product-variants.js';
import { listedProductsMigration } from './migrations/0018-listed-products.js';
import { variationTotalsMigration } from './migrations/0019-variation-totals.js';
import { variationFilterIndexesMigration } from './migrations/0020-variation-filter-indexes.js';
import { stockStatusMigration } from './migrations/0021-stock-status.js';
import { productTagsMigration } from './migrations/0022-product-tags.js';
import { productHistoryMigration } from './migrations/0023-product-history.js';
import { importRunReportMigration } from './migrations/0024-import-run-report.js';
import { deletedEntriesIndexMigration } from './migrations/0025-deleted-entries-index.js';
import { sortIndexesNullsFirstMigration } from './migrations/0026-sort-indexes-nulls-first.js';
import { userStatusMigration } from './migrations/0027-user-status.js';
import { listedCountsMigration } from './migrations/0028-listed-counts.js';
import { listedIdIndexMigration } from './migrations/0029-listed-id-index.js';
import { countTablesFillfactorMigration } from './migrations/0030-count-tables-fillfactor.js';
import { skuIndexIncludeMigration } from './migrations/0031-sku-index-include.js';
import { settingsCurrencyMigration } from './migrations/0032-settings-currency.js';
import { attributeSettingsStatementTotalsMigration } from './migrations/0033-attribute-settings-statement-totals.js';
import { productSearchTableMigration } from './migrations/0035-product-search-table.js';
import { importProfilesMigration } from './migrations/0036-import-profiles.js';
import { timeZoneLeasesMigration } from './migrations/0039-time-zone-leases.js';
import { categoryMappingsMigration } from './migrations/0037-category-mappings.js';
import { qualityQueuesMigration } from './migrations/0038-quality-queues.js';
import { heldFeedRunsMigration } from './migrations/0040-held-feed-runs.js';
import { parentQualityMigration } from './migrations/0041-parent-quality-and-set-based-bits.js';
import { importListOrderAndFeedFlagMigration } from './migrations/0042-import-list-order-and-feed-flag.js';
import { stockDefaultZeroMigration } from './migrations/0043-stock-default-zero.js';
import { qualityPassedMigration } from './migrations/0044-quality-passed.js';
import { qualityPassedStandsAsideMigration } from './migrations/0045-quality-passed-stands-aside.js';
import { variationFieldsIndexMigration } from './migrations/0046-variation-fields-index.js';
import { qualityTriggerFastPathMigration } from './migrations/0047-quality-trigger-fast-path.js';
import { listedWithoutOwnerIndexesMigration } from './migrations/0048-listed-without-owner-indexes.js';
import { skuIndexWithIdMigration } from './migrations/0049-sku-index-with-id.js';
import { heldFeedChunksMigration } from './migrations/0050-held-feed-chunks.js';
import { unmappedByVendorCategoryIndexMigration } from './migrations/0051-unmapped-by-vendor-category-index.js';
import { switchedOffCheckPassesMigration } from './migrations/0052-switched-off-check-passes.js';

/** Migrations live in code (not read from a folder) so that the same list runs under tsx, tests and bundles. */
function migrationsFor(dialect: Database['dialect'], sqlite?: Database['sqlite']): Record<string, Migration> {
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
    '0013-sign-in-limits': signInLimitsMigration,
    '0016-import-runs': importRunsMigration(dialect),
    '0017-product-variants': productVariantsMigration(dialect),
    '0018-listed-products': listedProductsMigration(dialect),
    '0019-variation-totals': variationTotalsMigration(dialect),
    '0020-variation-filter-indexes': variationFilterIndexesMigration(dialect),
    '0021-stock-status': stockStatusMigration(dialect, sqlite),
    '0022-product-tags': productTagsMigration(dialect),
    '0023-product-history': productHistoryMigration(dialect),
    '0024-import-run-report': importRunReportMigration,
    '0025-deleted-entries-index': deletedEntriesIndexMigration,
    '0026-sort-indexes-nulls-first': sortIndexesNullsFirstMigration(dialect),
    '0027-user-status': userStatusMigration,
    '0028-listed-counts': listedCountsMigration(dialect),
    '0029-listed-id-index': listedIdIndexMigration(dialect),
    '0030-count-tables-fillfactor': countTablesFillfactorMigration(dialect),
    '0031-sku-index-include': skuIndexIncludeMigration(dialect),
    '0032-settings-currency': settingsCurrencyMigration,
    '0033-attribute-settings-statement-totals': attributeSettingsStatementTotalsMigration(dialect),
    '0035-product-search-table': productSearchTableMigration(dialect),
    '0036-import-profiles': importProfilesMigration(dialect),
    '0039-time-zone-leases': timeZoneLeasesMigration,
    '0037-category-mappings': categoryMappingsMigration,
    '0038-quality-queues': qualityQueuesMigration(dialect),
    '0040-held-feed-runs': heldFeedRunsMigration,
    '0041-parent-quality-and-set-based-bits': parentQualityMigration(dialect),
    '0042-import-list-order-and-feed-flag': importListOrderAndFeedFlagMigration,
    '0043-stock-default-zero': stockDefaultZeroMigration(dialect, sqlite),
    '0044-quality-passed': qualityPassedMigration(dialect),
    '0045-quality-passed-stands-aside': qualityPassedStandsAsideMigration(dialect),
    '0046-variation-fields-index': variationFieldsIndexMigration(dialect),
    '0047-quality-trigger-fast-path': qualityTriggerFastPathMigration(dialect),
    '0048-listed-without-owner-indexes': listedWithoutOwnerIndexesMigration(dialect),
    '0049-sku-index-with-id': skuIndexWithIdMigration(dialect),
    '0050-held-feed-chunks': heldFeedChunksMigration(dialect),
    '0051-unmapped-by-vendor-category-index': unmappedByVendorCategoryIndexMigration(dialect),
    '0052-switched-off-check-passes': switchedOffCheckPassesMigration(dialect),
  };
}

/** Any fixed number: the PostgreSQL advisory lock app servers take turns on to migrate. */
const MIGRATION_LOCK_KEY = 8_245_117;

export async function migrateToLatest(database: Database): Promise<void> {
  if (database.dialect !== 'postgres') {
    // Kysely runs SQLite migrations without a transaction and without a lock: a second process
    // starting meanwhile would read the same pending list. One immediate transaction holds the
    // write lock (the other waits for it) and makes the whole run atomic.
    await database.db.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection);
      try {
        await runMigrations(database, connection);
        await sql`commit`.execute(connection);
      } catch (err) {
        await sql`rollback`.execute(connection);
        throw err;
      }
    });
    return;
  }
  // Several app servers may start together on one database. Kysely's own lock is a row in a table
  // that the first server is still creating, so they take turns on a session advisory lock, held
  // on a connection of its own while the migrations run on the pool.
  await database.db.connection().execute(async (lockConnection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(lockConnection);
    try {
      await runMigrations(database);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(lockConnection);
    }
  });
}

/** Runs the migrations up to and including `name`: a migration's tests write data as it was before it. */
export async function migrateTo(database: Database, name: string): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(database.dialect, database.sqlite) };
  const { error } = await new Migrator({ db: database.db, provider, allowUnorderedMigrations: true }).migrateTo(name);
  if (error) throw error;
}

async function runMigrations(database: Database, db: Kysely<any> = database.db): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(database.dialect, database.sqlite) };
  // Numbers are handed out ahead (0008 and 0009 were reserved while 0010 landed): a database that
  // already ran a later migration still runs an earlier one that arrives afterwards.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
