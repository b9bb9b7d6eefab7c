import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { gtinKeySql, qualityProblemsSql, variationProblemsSql } from '../quality-sql.js';

/**
 * PostgreSQL's row trigger for a product's quality bits and GTIN key (migrations 0038, 0041), made
 * cheap per row. It computed the bits as one expression holding two subqueries (the margin
 * setting, and a variable product's variations) and the GTIN's cleaning some forty times over;
 * PL/pgSQL runs an expression with a subquery through the whole executor, so every row cost about
 * 0.5 ms (EXPLAIN ANALYZE: 57-63 s of a 100k-product price change, 7-12 s of a 20k-row import).
 * Now the key is computed once and the checks read it; the margin is read only for a row that has
 * both prices, and the variations only for a variable product. Same bits as before: the checks are
 * the same SQL (quality-sql.ts). SQLite's triggers are unchanged (its bulk writes set them aside).
 */
const POSTGRES = `create or replace function products_quality() returns trigger language plpgsql as $$
  declare margin settings.quality_margin_percent%type := 0;
  begin
    new.gtin_key := ${gtinKeySql('postgres', 'new.gtin')};
    if new.kind <> 'variable' and new.list_price is not null and new.vendor_cost is not null then
      select coalesce(max(quality_margin_percent), 0) into margin from settings where id = 1;
    end if;
    new.quality_problems := ${qualityProblemsSql('postgres', 'new.', 'new.gtin_key', 'margin')};
    if new.kind = 'variable' then
      new.quality_problems := new.quality_problems | ${variationProblemsSql('postgres', 'new.id')};
    end if;
    return new;
  end $$`;

export function qualityTriggerFastPathMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') await sql.raw(POSTGRES).execute(db);
    },
  };
}
