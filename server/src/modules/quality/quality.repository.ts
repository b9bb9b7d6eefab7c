import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import { enabledQualityChecks, QUALITY_CHECKS, type QualityCheck } from '@bosun/shared';
import type { Dialect } from '../../db/database.js';
import { productProblemsSql } from '../../db/quality-sql.js';
import type { DB } from '../../db/types.js';

/** The listed products whose GTIN key another listed product has too (gtin_counts_duplicate_idx, products_gtin_key_idx). */
const DUPLICATE_GTIN = 'p.gtin_key in (select gtin from gtin_counts where n > 1)';
const DUPLICATE_GTIN_SQL = sql.raw<SqlBool>(DUPLICATE_GTIN);
/** The listed products whose image address the background check found broken (products_image_url_idx). */
const BROKEN_IMAGE = 'p.image_url in (select url from image_url_checks where broken = 1)';
const BROKEN_IMAGE_SQL = sql.raw<SqlBool>(BROKEN_IMAGE);

/** The checks read across rows (not from the product's bits), as conditions on products p. */
const ACROSS_ROWS: Partial<Record<QualityCheck, string>> = { duplicate_gtin: DUPLICATE_GTIN, broken_image: BROKEN_IMAGE };

/**
 * A queue's condition on products p, with the bit as a literal: the partial index of the check
 * (migration 0038) is used only when the query names its predicate as written there.
 */
export const hasProblemSql = (check: QualityCheck): RawBuilder<SqlBool> =>
  check === 'duplicate_gtin' ? DUPLICATE_GTIN_SQL : check === 'broken_image' ? BROKEN_IMAGE_SQL : sql.raw<SqlBool>(`(p.quality_problems & ${QUALITY_CHECKS[check].bit}) <> 0`);

/** The listed products in each queue: one count per check, each read from that check's partial index. */
export async function countQueues(db: Kysely<DB>, checks: QualityCheck[]): Promise<Map<QualityCheck, number>> {
  const counts = await Promise.all(
    checks.map(async (check) => {
      const { rows } = await sql<{ n: number }>`select count(*) as n from products p where p.parent_id is null and ${hasProblemSql(check)}`.execute(db);
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

/** A product's failed checks (its bits, and whether another listed product has its GTIN), or undefined when there is none. */
export async function findProductProblems(db: Kysely<DB>, id: number) {
  const row = await db
    .selectFrom('products as p')
    .select([
      'p.quality_problems',
      sql<number>`case when p.parent_id is null and ${DUPLICATE_GTIN_SQL} then 1 else 0 end`.as('duplicate_gtin'),
      sql<number>`case when ${BROKEN_IMAGE_SQL} then 1 else 0 end`.as('broken_image'),
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
  return row && { problems: row.quality_problems, duplicateGtin: Number(row.duplicate_gtin) === 1, brokenImage: Number(row.broken_image) === 1 };
}

/**
 * The list's completeness sort: how many of the switched-on checks product p passes (the fewest
 * first ascending), a share of the same whole for every product. Counted per row: no index keeps
 * it, since switching a check changes it without rewriting products.
 */
export function passedChecksSql(checks: QualityCheck[]) {
  const passed = checks.map((check) =>
    ACROSS_ROWS[check]
      ? `(case when ${ACROSS_ROWS[check]} then 0 else 1 end)`
      : `(case when (p.quality_problems & ${QUALITY_CHECKS[check].bit}) <> 0 then 0 else 1 end)`,
  );
  return sql.raw(passed.length ? `(${passed.join(' + ')})` : '0');
}

/** The checks switched on (all before the settings row exists). */
export async function findEnabledChecks(db: Kysely<DB>) {
  return enabledQualityChecks((await findQualitySettingsRow(db))?.quality_disabled ?? 0);
}
