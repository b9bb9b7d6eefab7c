import { QUALITY_CHECKS, ROW_QUALITY_CHECKS } from '@bosun/shared/quality-bits';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { ensureProductSortIndexesAsOf } from '../product-sort-indexes.js';
import { QUALITY_COLUMNS, QUALITY_PASSED_COLUMNS, qualityPassedSql } from '../quality-sql.js';

/**
 * The list's completeness sort from an index (issue 23): products.quality_passed holds how many of
 * the switched-on checks each product passes (qualityPassedSql), and products_quality_passed_idx
 * (product-sort-indexes.ts) orders the listed products by it, id breaking ties. Before, the value
 * was counted per row at each request, and every sorted page sorted the whole catalogue.
 *
 * Kept right at every write:
 * - the row's own: whenever its bits, GTIN key, image address or parent change (SQLite: an AFTER
 *   trigger on those columns, which the quality triggers write at every insert and at every change
 *   of a column they read; PostgreSQL: a BEFORE row trigger, named to run after products_quality,
 *   on the columns an UPDATE names, as a BEFORE trigger's changes fire no column trigger);
 *   SQLite's bulk writes set it aside and set the batch's values once (sqlite-bulk-records.ts);
 * - other rows': a GTIN key becoming held more than once, or once again (gtin_counts), and an image
 *   address found broken or loading again (image_url_checks) give the products with that key or
 *   address their value again;
 * - a check switched on or off: one set-based UPDATE of every product (quality.repository.ts).
 */
const PASSED = qualityPassedSql('products.');
/** The products of one GTIN key or image address given their value again, writing only those whose value moves. */
const refreshWhere = (condition: string) => `update products set quality_passed = ${PASSED} where parent_id is null and ${condition} and quality_passed <> ${PASSED}`;
const BY_GTIN = (key: string) => refreshWhere(`gtin_key = ${key}`);
const BY_IMAGE = (url: string) => refreshWhere(`image_url = ${url}`);

const SQLITE = [
  `create trigger products_quality_passed after update of ${QUALITY_PASSED_COLUMNS.join(', ')} on products
    when new.quality_passed <> ${qualityPassedSql('new.')} begin
    update products set quality_passed = ${qualityPassedSql('new.')} where id = new.id;
  end`,
  `create trigger gtin_counts_quality_passed_insert after insert on gtin_counts when new.n > 1 begin ${BY_GTIN('new.gtin')}; end`,
  `create trigger gtin_counts_quality_passed_update after update of n on gtin_counts when (old.n > 1) <> (new.n > 1) begin ${BY_GTIN('new.gtin')}; end`,
  `create trigger image_url_checks_quality_passed_insert after insert on image_url_checks when new.broken = 1 begin ${BY_IMAGE('new.url')}; end`,
  `create trigger image_url_checks_quality_passed_update after update of broken on image_url_checks when old.broken <> new.broken begin ${BY_IMAGE('new.url')}; end`,
  `create trigger image_url_checks_quality_passed_delete after delete on image_url_checks when old.broken = 1 begin ${BY_IMAGE('old.url')}; end`,
];

/**
 * SQLite, without statistics, picks among the partial indexes a queue's count could scan the newest
 * when none holds every column the query reads: with products_quality_passed_idx built last, every
 * queue's count scanned it and read each listed row (bench, 100k: 'No image' p50 7.6 -> 190 ms, the
 * dashboard's counts 25 ms -> 1.6 s); an import that builds products_id_idx again did the same.
 * Each queue's index (migration 0038) made again holding parent_id and the bits answers its count
 * alone, which SQLite prefers whatever the order the indexes were built in.
 */
const SQLITE_QUEUE_INDEXES = ROW_QUALITY_CHECKS.flatMap((check) => [
  `drop index products_quality_${check}_idx`,
  `create index products_quality_${check}_idx on products (id, parent_id, quality_problems) where parent_id is null and (quality_problems & ${QUALITY_CHECKS[check].bit}) <> 0`,
]);

const POSTGRES = [
  `create function products_quality_passed() returns trigger language plpgsql as $$ begin
    new.quality_passed := ${qualityPassedSql('new.')};
    return new;
  end $$`,
  `create trigger products_quality_passed before insert or update of ${[...new Set([...QUALITY_COLUMNS, ...QUALITY_PASSED_COLUMNS])].join(', ')} on products
    for each row execute function products_quality_passed()`,
  `create function gtin_counts_quality_passed() returns trigger language plpgsql as $$ begin ${BY_GTIN('new.gtin')}; return null; end $$`,
  `create trigger gtin_counts_quality_passed_insert after insert on gtin_counts for each row when (new.n > 1) execute function gtin_counts_quality_passed()`,
  `create trigger gtin_counts_quality_passed_update after update on gtin_counts for each row when ((old.n > 1) <> (new.n > 1)) execute function gtin_counts_quality_passed()`,
  `create function image_url_checks_quality_passed() returns trigger language plpgsql as $$ begin
    ${BY_IMAGE(`(case when tg_op = 'DELETE' then old.url else new.url end)`)}; return null; end $$`,
  `create trigger image_url_checks_quality_passed_insert after insert on image_url_checks for each row when (new.broken = 1) execute function image_url_checks_quality_passed()`,
  `create trigger image_url_checks_quality_passed_update after update on image_url_checks for each row when (old.broken <> new.broken) execute function image_url_checks_quality_passed()`,
  `create trigger image_url_checks_quality_passed_delete after delete on image_url_checks for each row when (old.broken = 1) execute function image_url_checks_quality_passed()`,
];

/** What holds qualityPassedSql's text: made again by migration 0052 when the rule changed. */
export const QUALITY_PASSED_SQLITE_TRIGGERS: readonly string[] = SQLITE;
export const QUALITY_PASSED_POSTGRES_FUNCTIONS: readonly string[] = POSTGRES.filter((statement) => statement.startsWith('create function'));

export function qualityPassedMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('products').addColumn('quality_passed', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      // Every product's value in one pass, before the triggers keep it and the index is built over it.
      await sql.raw(`update products set quality_passed = ${PASSED}`).execute(db);
      for (const statement of dialect === 'postgres' ? POSTGRES : SQLITE) await sql.raw(statement).execute(db);
      await ensureProductSortIndexesAsOf(db, dialect, 44);
      if (dialect === 'sqlite') for (const statement of SQLITE_QUEUE_INDEXES) await sql.raw(statement).execute(db);
    },
  };
}
