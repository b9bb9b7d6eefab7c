import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { qualityPassedSql } from '../quality-sql.js';
import { asStoreCategoryWrite } from '../store-category-write.js';
import { QUALITY_PASSED_POSTGRES_FUNCTIONS, QUALITY_PASSED_SQLITE_TRIGGERS } from './0044-quality-passed.js';

/**
 * products.quality_passed counts a switched-off check as passed by every product, where it counted
 * it as failed by every one (qualityPassedSql). The completeness order is the same (each product
 * gains the same one), but switching a check now moves only the products that fail it: switching
 * off a check nobody failed rewrote every product, 54-84 s at 100k on PostgreSQL, where each
 * rewritten row is an entry in each of the products' indexes.
 *
 * The triggers (SQLite) and functions (PostgreSQL) of migration 0044 hold the rule's text: made
 * again from it. Then the products whose value moves (only in a shop with checks switched off)
 * take their new one.
 */
export function switchedOffCheckPassesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') {
        for (const statement of QUALITY_PASSED_SQLITE_TRIGGERS) {
          const name = /create trigger (\w+)/.exec(statement)![1]!;
          await sql`drop trigger ${sql.id(name)}`.execute(db);
          await sql.raw(statement).execute(db);
        }
      } else {
        for (const statement of QUALITY_PASSED_POSTGRES_FUNCTIONS) await sql.raw(statement.replace('create function', 'create or replace function')).execute(db);
      }
      const passed = qualityPassedSql('products.');
      const recount = () => sql.raw(`update products set quality_passed = ${passed} where quality_passed <> ${passed}`).execute(db);
      await (dialect === 'postgres' ? asStoreCategoryWrite(db, recount) : recount());
    },
  };
}
