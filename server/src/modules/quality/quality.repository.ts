import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import { enabledQualityChecks, QUALITY_CHECK_NAMES, type QualityCheck } from '@bosun/shared';
import type { Dialect } from '../../db/database.js';
import { failsCheckSql, productProblemsSql, qualityPassedSql } from '../../db/quality-sql.js';
import { asStoreCategoryWrite } from '../../db/store-category-write.js';
import type { DB } from '../../db/types.js';

/** A queue's condition on products p, read over many rows: failsCheckSql's, the one definition of each check. */
export const hasProblemSql = (check: QualityCheck): RawBuilder<SqlBool> => sql.raw<SqlBool>(failsCheckSql(check, 'p.', 'rows'));

/** How many listed products a queue holds; each row check's count reads that check's partial index alone, each check across rows starts from its failing keys. */
export const queueCountQuery = (check: QualityCheck) => sql<{ n: number | string }>`select count(*) as n from products p where p.parent_id is null and ${hasProblemSql(check)}`;

/** The listed products in each queue: one count per check. */
export async function countQueues(db: Kysely<DB>, checks: QualityCheck[]): Promise<Map<QualityCheck, number>> {
  const counts = await Promise.all(
    checks.map(async (check) => {
      const { rows } = await queueCountQuery(check).execute(db);
      return [check, Number(rows[0]!.n)] as const;
    }),
  );
  return new Map(counts);
}

export async function findQualitySettingsRow(db: Kysely<DB>) {
  return db.selectFrom('settings').select(['quality_disabled', 'quality_margin_percent']).where('id', '=', 1).executeTakeFirst();
}

export async function updateQualitySettingsRow(trx: Transaction<DB>, changes: { quality_disabled?: number; quality_margin_percent?: number }) {
  await trx.updateTable('settings').set(changes).where('id', '=', 1).execute();
}

/**
 * After the margin percent changed: every product's bits counted again from its columns, in one
 * statement, writing only the rows whose bits move (the triggers recount a row only when a column
 * the checks read is written).
 */
export async function recountQualityProblems(trx: Transaction<DB>, dialect: Dialect) {
  // A variable product's bits include its variations' (migration 0041); their own recount refreshes it again.
  const problems = productProblemsSql(dialect, '', 'products.id');
  await sql.raw(`update products set quality_problems = ${problems} where list_price is not null and vendor_cost is not null and quality_problems <> ${problems}`).execute(trx);
}

/**
 * After checks were switched on or off: the count of checks passed (the completeness sort's value,
 * migration 0044) set again on the products that fail a switched check, the only ones whose value
 * moves (qualityPassedSql: a switched-off check is passed by every product), read from each check's
 * own index (failsCheckSql's 'rows' reading) in ONE set-based UPDATE that writes only the rows
 * whose value moves. On PostgreSQL as a store-category write: only quality_passed changes, which
 * no trigger reads, and the statement triggers over the changed rows' transition tables stand
 * aside (store-category-write.ts).
 */
export async function recountQualityPassed(trx: Transaction<DB>, dialect: Dialect, switched: readonly QualityCheck[]) {
  if (!switched.length) return;
  const passed = qualityPassedSql('products.');
  const failing = switched.map((check) => failsCheckSql(check, 'products.', 'rows')).join(' or ');
  const recount = () => sql.raw(`update products set quality_passed = ${passed} where (${failing}) and quality_passed <> ${passed}`).execute(trx);
  await (dialect === 'postgres' ? asStoreCategoryWrite(trx, recount) : recount());
}

/** The checks a product fails, switched on or not (failsCheckSql's conditions), or undefined when there is no such product. */
export async function findFailedChecks(db: Kysely<DB>, id: number): Promise<QualityCheck[] | undefined> {
  const row = await db
    .selectFrom('products as p')
    .select(QUALITY_CHECK_NAMES.map((check) => sql<number>`case when ${sql.raw(failsCheckSql(check, 'p.', 'row'))} then 1 else 0 end`.as(check)))
    .where('p.id', '=', id)
    .executeTakeFirst();
  return row && QUALITY_CHECK_NAMES.filter((check) => Number(row[check]) === 1);
}

/** The checks switched on (all before the settings row exists). */
export async function findEnabledChecks(db: Kysely<DB>) {
  return enabledQualityChecks((await findQualitySettingsRow(db))?.quality_disabled ?? 0);
}
