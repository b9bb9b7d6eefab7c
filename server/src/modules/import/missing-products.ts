import { resolveStock, STOCK_STATUSES, type MissingProductRule, type MissingProductsOutcome, type MissingProductsPlan } from '@bosun/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { bindChange } from '../../db/change-context.js';
import { idSet } from '../../db/id-set.js';
import { nowIso } from '../../db/clock.js';
import type { DB } from '../../db/types.js';

/**
 * Products missing from a vendor's full list (issue 22): what a supplier no longer sells is left
 * alone, set to stock 0 or disabled. Counted over the vendor's sellable products: its simple
 * products and the variations of its variable products (a variation's vendor is its parent's).
 * The dry run and the import ask the same question here, so that what the preview promised is
 * what the import does.
 */

interface Candidate {
  id: number;
  sku: string;
  stock: number | null;
  stock_status: string;
  published: number;
}

/** The vendor's sellable products: one query, the columns the actions look at. */
function vendorSellables(db: Kysely<DB>, vendorId: number): Promise<Candidate[]> {
  return db
    .selectFrom('products as p')
    .leftJoin('products as parent', 'parent.id', 'p.parent_id')
    .select(['p.id', 'p.sku', 'p.stock', 'p.stock_status', 'p.published'])
    .where((eb) => eb.or([eb.and([eb('p.vendor_id', '=', vendorId), eb('p.kind', '=', 'simple')]), eb.and([eb('p.kind', '=', 'variation'), eb('parent.vendor_id', '=', vendorId)])]))
    .execute() as Promise<Candidate[]>;
}

/** Whether the action would change the product: a product at 0 already, or unpublished already, is missing but unchanged. */
function changedBy(action: MissingProductRule['action'], p: Candidate): boolean {
  if (action === 'zero_stock') return p.stock !== 0 || p.stock_status === 'in_stock';
  if (action === 'disable') return p.published !== 0;
  return false;
}

export interface MissingProducts {
  plan: MissingProductsPlan;
  /** The products the action changes. */
  ids: number[];
}

/** The vendor's sellable products whose SKU the file does not name, and what the rule would do to them. */
export async function findMissingProducts(db: Kysely<DB>, vendorId: number, named: ReadonlySet<string>, rule: MissingProductRule): Promise<MissingProducts> {
  const sellables = await vendorSellables(db, vendorId);
  const missing = sellables.filter((p) => !named.has(p.sku));
  const ids = missing.filter((p) => changedBy(rule.action, p)).map((p) => p.id);
  const percent = sellables.length ? Math.round((missing.length / sellables.length) * 1000) / 10 : 0;
  return {
    plan: { action: rule.action, vendorProducts: sellables.length, missing: missing.length, changes: ids.length, percent, maxPercent: rule.maxPercent, overLimit: percent > rule.maxPercent },
    ids,
  };
}

/** Stock 0 with the status the one stock rule gives each current status (a product on backorder stays so). */
function zeroStockStatus(): RawBuilder<string> {
  const cases = STOCK_STATUSES.map((current) => {
    const resolved = resolveStock({ stock: 0 }, { stock: 0, stock_status: current });
    return sql`when ${current} then ${resolved.ok ? resolved.value.stock_status : current}`;
  });
  return sql<string>`case stock_status ${sql.join(cases, sql` `)} end`;
}

export const MISSING_MESSAGES = {
  overLimit: (plan: MissingProductsPlan) =>
    `${plan.missing} of the vendor's ${plan.vendorProducts} products (${plan.percent}%) are not in the file, more than the profile's limit of ${plan.maxPercent}%: they were left as they are. Confirm the share to apply the rule.`,
  applied: (plan: MissingProductsPlan, changed: number) =>
    `${plan.missing} of the vendor's products are not in the file: ${changed} ${plan.action === 'zero_stock' ? 'set to stock 0' : 'disabled'}${plan.missing > changed ? ` (${plan.missing - changed} were already)` : ''}.`,
};

/**
 * Applies the rule at the end of an import, in one transaction bound to the import's recorded
 * change (its history entries, undone with the import). Over the limit, nothing is written
 * unless staff confirmed the share.
 */
export async function applyMissingProductRule(
  db: Kysely<DB>,
  dialect: Dialect,
  run: { vendorId: number; named: ReadonlySet<string>; rule: MissingProductRule; confirmed: boolean; changeId: number | null },
): Promise<MissingProductsOutcome> {
  return db.transaction().execute(async (trx) => {
    const { plan, ids } = await findMissingProducts(trx, run.vendorId, run.named, run.rule);
    if (plan.overLimit && !run.confirmed) return { action: plan.action, missing: plan.missing, changed: 0, applied: false, message: MISSING_MESSAGES.overLimit(plan) };
    if (ids.length) {
      await bindChange(trx, dialect, run.changeId);
      const now = nowIso();
      const set = plan.action === 'zero_stock' ? sql`stock = 0, stock_status = ${zeroStockStatus()}` : sql`published = 0`;
      await sql`update products set ${set}, updated_at = ${now} where id in ${idSet(dialect, ids)}`.execute(trx);
      if (dialect === 'sqlite') await bindChange(trx, dialect, null);
    }
    return { action: plan.action, missing: plan.missing, changed: ids.length, applied: true, message: MISSING_MESSAGES.applied(plan, ids.length) };
  });
}
