import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { gtinKeySql, PARENT_QUEUED_MASK, productProblemsSql, QUALITY_COLUMNS, refreshParentsSql } from '../quality-sql.js';
import { STATEMENT_TRIGGERS_STANDING_ASIDE, UNLESS_STORE_CATEGORY_WRITE } from '../store-category-write.js';

/**
 * Two gaps of the quality queues (issue 23, migration 0038):
 *
 * - A variation's failures of PARENT_QUEUED_CHECKS (GTIN, prices, stock) put its parent in those
 *   queues: the list shows parents. A variable product's bits are its row checks and its
 *   variations' (productProblemsSql), and a variation whose bits change, that is added or deleted,
 *   or that moves, gives its parent its bits again (refreshParentsSql): SQLite by row triggers,
 *   PostgreSQL by statement triggers over the transition tables, one set-based update per statement.
 *   SQLite's bulk writes suspend the row trigger and do the same once per batch (sqlite-bulk-records.ts).
 *
 * - PostgreSQL: the quality row trigger and the statement triggers that read neither the shop
 *   category nor the history stand aside for a statement that changes only the shop category and
 *   writes its bit and history itself (store-category-write.ts: a category mapping's apply).
 */
const M = PARENT_QUEUED_MASK;

const SQLITE = [
  'drop trigger products_quality_insert',
  'drop trigger products_quality_update',
  `create trigger products_quality_insert after insert on products begin
    update products set quality_problems = ${productProblemsSql('sqlite', 'new.', 'new.id')}, gtin_key = ${gtinKeySql('sqlite', 'new.gtin')} where id = new.id;
  end`,
  `create trigger products_quality_update after update of ${QUALITY_COLUMNS.join(', ')} on products begin
    update products set quality_problems = ${productProblemsSql('sqlite', 'new.', 'new.id')}, gtin_key = ${gtinKeySql('sqlite', 'new.gtin')} where id = new.id;
  end`,
  // The insert trigger's update sets quality_problems: this covers a new variation too.
  `create trigger products_quality_parent after update of quality_problems, parent_id on products
    when coalesce(old.parent_id, new.parent_id) is not null
      and ((old.quality_problems & ${M}) <> (new.quality_problems & ${M}) or old.parent_id is not new.parent_id) begin
    ${refreshParentsSql('sqlite', 'old.parent_id, new.parent_id')};
  end`,
  `create trigger products_quality_parent_delete after delete on products when old.parent_id is not null and (old.quality_problems & ${M}) <> 0 begin
    ${refreshParentsSql('sqlite', 'old.parent_id')};
  end`,
];

/** The parents of a transition table's variations whose bits (or parent) moved. */
const MOVED_PARENTS = `select p.id from old_rows o join new_rows n on n.id = o.id cross join lateral (values (o.parent_id), (n.parent_id)) p(id)
  where p.id is not null and ((o.quality_problems & ${M}) <> (n.quality_problems & ${M}) or o.parent_id is distinct from n.parent_id)`;
const FAILING_PARENTS = (rows: string) => `select parent_id from ${rows} where parent_id is not null and (quality_problems & ${M}) <> 0`;
/** A statement over no variation (most of them: a bulk edit of listed products) pays two scans of its transition tables, not a join. */
const HAS_VARIATIONS = (rows: string) => `exists (select 1 from ${rows} where parent_id is not null)`;

const POSTGRES = [
  `create or replace function products_quality() returns trigger language plpgsql as $$ begin
    new.quality_problems := ${productProblemsSql('postgres', 'new.', 'new.id')};
    new.gtin_key := ${gtinKeySql('postgres', 'new.gtin')};
    return new;
  end $$`,
  'drop trigger products_quality on products',
  `create trigger products_quality before insert or update of ${QUALITY_COLUMNS.join(', ')} on products for each row
    when (${UNLESS_STORE_CATEGORY_WRITE}) execute function products_quality()`,
  `create function products_quality_parents_updated() returns trigger language plpgsql as $$ begin
    if ${HAS_VARIATIONS('new_rows')} or ${HAS_VARIATIONS('old_rows')} then ${refreshParentsSql('postgres', MOVED_PARENTS)}; end if;
    return null; end $$`,
  `create function products_quality_parents_inserted() returns trigger language plpgsql as $$ begin
    if ${HAS_VARIATIONS('new_rows')} then ${refreshParentsSql('postgres', FAILING_PARENTS('new_rows'))}; end if;
    return null; end $$`,
  `create function products_quality_parents_deleted() returns trigger language plpgsql as $$ begin
    if ${HAS_VARIATIONS('old_rows')} then ${refreshParentsSql('postgres', FAILING_PARENTS('old_rows'))}; end if;
    return null; end $$`,
  `create trigger products_quality_parents_update after update on products referencing old table as old_rows new table as new_rows
    for each statement execute function products_quality_parents_updated()`,
  `create trigger products_quality_parents_insert after insert on products referencing new table as new_rows for each statement execute function products_quality_parents_inserted()`,
  `create trigger products_quality_parents_delete after delete on products referencing old table as old_rows for each statement execute function products_quality_parents_deleted()`,
];

/** Each trigger of STATEMENT_TRIGGERS_STANDING_ASIDE made again as it is, with the WHEN that lets a store-category write pass. */
async function standAsideForStoreCategoryWrites(db: Kysely<any>) {
  for (const name of STATEMENT_TRIGGERS_STANDING_ASIDE) {
    const { rows } = await sql<{ def: string }>`select pg_get_triggerdef(oid) as def from pg_trigger where tgrelid = 'products'::regclass and tgname = ${name}`.execute(db);
    const def = rows[0]?.def;
    if (!def || / WHEN /.test(def)) throw new Error(`migration 0041: trigger ${name} is missing or already has a WHEN`);
    await sql.raw(`drop trigger ${name} on products`).execute(db);
    await sql.raw(def.replace(' EXECUTE FUNCTION ', ` WHEN (${UNLESS_STORE_CATEGORY_WRITE}) EXECUTE FUNCTION `)).execute(db);
  }
}

export function parentQualityMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      // The stored variable products take their variations' bits once, before the triggers keep them.
      await sql.raw(refreshParentsSql(dialect, `select id from products where kind = 'variable'`)).execute(db);
      for (const statement of dialect === 'postgres' ? POSTGRES : SQLITE) await sql.raw(statement).execute(db);
      if (dialect === 'postgres') await standAsideForStoreCategoryWrites(db);
    },
  };
}
