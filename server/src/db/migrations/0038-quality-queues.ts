import { QUALITY_CHECKS, ROW_QUALITY_CHECKS } from '@bosun/shared/quality-bits';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { gtinKeySql, QUALITY_COLUMNS, qualityProblemsSql } from '../quality-sql.js';

/**
 * The catalogue's quality queues (issue 23). Each product's failed checks are a bitmask,
 * products.quality_problems, and its GTIN as the checks read it (no spaces or dashes) is
 * products.gtin_key; the database sets both at every write (PostgreSQL: a BEFORE row trigger;
 * SQLite, which cannot change NEW: an AFTER trigger that updates the row it wrote). A partial index
 * per check holds the listed products failing it, so a queue's page and count read only its members.
 *
 * A duplicate GTIN is across rows: gtin_counts holds how many listed products have each GTIN key,
 * kept by triggers (statement-level with transition tables on PostgreSQL, as listed_product_counts),
 * and its partial index the keys held more than once; the queue is the listed products whose key is
 * one of those (products_gtin_key_idx).
 *
 * An image address that does not load is found in the background (quality/image-checks.ts):
 * image_url_checks holds each address's last answer, and the queue is the listed products whose
 * image_url is one marked broken (products_image_url_idx).
 *
 * The settings hold the checks switched off (a mask of QUALITY_CHECKS' bits: switching one off
 * rewrites no product) and the margin percent under which a price is flagged; changing the
 * percent recounts that bit set-based (quality.repository.ts).
 */
const INDEXES = [
  ...ROW_QUALITY_CHECKS.map((check) => `create index products_quality_${check}_idx on products (id) where parent_id is null and (quality_problems & ${QUALITY_CHECKS[check].bit}) <> 0`),
  `create index products_gtin_key_idx on products (gtin_key) where parent_id is null and gtin_key is not null`,
  `create index gtin_counts_duplicate_idx on gtin_counts (gtin) where n > 1`,
  `create index products_image_url_idx on products (image_url) where parent_id is null and image_url is not null`,
  `create index image_url_checks_broken_idx on image_url_checks (url) where broken = 1`,
  `create index image_url_checks_checked_idx on image_url_checks (checked_at)`,
];

const COUNT_GTINS = `insert into gtin_counts (gtin, n) select gtin_key, count(*) from products where parent_id is null and gtin_key is not null group by gtin_key`;

const SQLITE_TRIGGERS = (dialect: Dialect) => [
  `create trigger products_quality_insert after insert on products begin
    update products set quality_problems = ${qualityProblemsSql(dialect, 'new.')}, gtin_key = ${gtinKeySql(dialect, 'new.gtin')} where id = new.id;
  end`,
  `create trigger products_quality_update after update of ${QUALITY_COLUMNS.join(', ')} on products begin
    update products set quality_problems = ${qualityProblemsSql(dialect, 'new.')}, gtin_key = ${gtinKeySql(dialect, 'new.gtin')} where id = new.id;
  end`,
  // The insert trigger's update sets gtin_key: this counts new rows too.
  `create trigger gtin_counts_update after update of gtin_key, parent_id on products
    when old.gtin_key is not new.gtin_key or old.parent_id is not new.parent_id begin
    update gtin_counts set n = n - 1 where old.parent_id is null and gtin = old.gtin_key;
    insert into gtin_counts (gtin, n) select new.gtin_key, 1 where new.parent_id is null and new.gtin_key is not null
      on conflict (gtin) do update set n = n + 1;
  end`,
  `create trigger gtin_counts_delete after delete on products when old.parent_id is null and old.gtin_key is not null begin
    update gtin_counts set n = n - 1 where gtin = old.gtin_key;
  end`,
];

/** A transition table's listed GTIN keys counted, `sign` 1 or -1. */
const gtinDelta = (rows: string, sign: 1 | -1) => `select r.gtin_key as gtin, ${sign} * count(*) as n from ${rows} r where r.parent_id is null and r.gtin_key is not null group by r.gtin_key`;
const GTIN_UPSERT = (deltas: string) => `insert into gtin_counts (gtin, n) select gtin, sum(n) from (${deltas}) d group by gtin having sum(n) <> 0
  on conflict (gtin) do update set n = gtin_counts.n + excluded.n`;
const gtinChanged = (side: 'o' | 'n') => `(select ${side}.* from old_rows o join new_rows n on n.id = o.id
  where o.gtin_key is distinct from n.gtin_key or o.parent_id is distinct from n.parent_id)`;

const POSTGRES_TRIGGERS = (dialect: Dialect) => [
  `create function products_quality() returns trigger language plpgsql as $$ begin
    new.quality_problems := ${qualityProblemsSql(dialect, 'new.')};
    new.gtin_key := ${gtinKeySql(dialect, 'new.gtin')};
    return new;
  end $$`,
  `create trigger products_quality before insert or update of ${QUALITY_COLUMNS.join(', ')} on products for each row execute function products_quality()`,
  `create function gtin_counts_insert() returns trigger language plpgsql as $$ begin ${GTIN_UPSERT(gtinDelta('new_rows', 1))}; return null; end $$`,
  `create function gtin_counts_delete() returns trigger language plpgsql as $$ begin ${GTIN_UPSERT(gtinDelta('old_rows', -1))}; return null; end $$`,
  `create function gtin_counts_update() returns trigger language plpgsql as $$ begin
    ${GTIN_UPSERT(`${gtinDelta(gtinChanged('n'), 1)} union all ${gtinDelta(gtinChanged('o'), -1)}`)}; return null; end $$`,
  `create trigger gtin_counts_insert after insert on products referencing new table as new_rows for each statement execute function gtin_counts_insert()`,
  `create trigger gtin_counts_delete after delete on products referencing old table as old_rows for each statement execute function gtin_counts_delete()`,
  `create trigger gtin_counts_update after update on products referencing old table as old_rows new table as new_rows for each statement execute function gtin_counts_update()`,
];

export function qualityQueuesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('settings').addColumn('quality_disabled', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('settings').addColumn('quality_margin_percent', dialect === 'postgres' ? 'double precision' : 'real', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('products').addColumn('quality_problems', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('products').addColumn('gtin_key', 'text').execute();
      // The background image check's answers (quality/image-checks.ts), one row per address.
      await db.schema
        .createTable('image_url_checks')
        .addColumn('url', 'text', (c) => c.primaryKey())
        .addColumn('broken', 'integer', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('checked_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createTable('gtin_counts').addColumn('gtin', 'text', (c) => c.primaryKey()).addColumn('n', 'integer', (c) => c.notNull()).execute();
      // Before the triggers: the existing rows are set in one pass, and counted once.
      await sql.raw(`update products set quality_problems = ${qualityProblemsSql(dialect, '')}, gtin_key = ${gtinKeySql(dialect, 'gtin')}`).execute(db);
      await sql.raw(COUNT_GTINS).execute(db);
      for (const statement of [...INDEXES, ...(dialect === 'postgres' ? POSTGRES_TRIGGERS(dialect) : SQLITE_TRIGGERS(dialect))]) await sql.raw(statement).execute(db);
    },
  };
}
