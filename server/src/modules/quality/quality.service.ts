import {
  completenessPercent,
  disabledQualityMask,
  QUALITY_CHECK_NAMES,
  QUALITY_CHECKS,
  qualitySwitches,
  type ProductQuality,
  type QualitySettings,
  type QualitySummary,
  type UpdateQualitySettingsBody,
} from '@bosun/shared';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { notFound } from '../../errors.js';
import { findOrCreateSettings } from '../settings/index.js';
import { countQueues, findEnabledChecks, findFailedChecks, findQualitySettingsRow, recountQualityPassed, recountQualityProblems, updateQualitySettingsRow } from './quality.repository.js';


export async function getQualitySettings(db: Kysely<DB>): Promise<QualitySettings> {
  const row = await findQualitySettingsRow(db);
  return { checks: qualitySwitches(row?.quality_disabled ?? 0), margin_percent: row?.quality_margin_percent ?? 0 };
}

/**
 * Switching a check rewrites no product's bits (a switched-off check is only left out of the
 * queues and of completeness) but sets the count of checks passed again, the completeness sort's
 * value, of the products failing it; a new margin percent recounts the products' bits (their
 * triggers keep that count). Both in the same transaction as the settings.
 */
export async function saveQualitySettings(db: Kysely<DB>, dialect: Dialect, body: UpdateQualitySettingsBody): Promise<QualitySettings> {
  const current = await findOrCreateSettings(db);
  await db.transaction().execute(async (trx) => {
    const marginChanged = body.margin_percent !== undefined && body.margin_percent !== current.quality_margin_percent;
    const disabled = body.checks ? disabledQualityMask(body.checks, current.quality_disabled) : current.quality_disabled;
    await updateQualitySettingsRow(trx, {
      ...(body.checks ? { quality_disabled: disabled } : {}),
      ...(marginChanged ? { quality_margin_percent: body.margin_percent } : {}),
    });
    if (marginChanged) await recountQualityProblems(trx, dialect);
    await recountQualityPassed(trx, dialect, QUALITY_CHECK_NAMES.filter((check) => ((disabled ^ current.quality_disabled) & QUALITY_CHECKS[check].bit) !== 0));
  });
  return getQualitySettings(db);
}

export async function getQualitySummary(db: Kysely<DB>): Promise<QualitySummary> {
  const checks = await findEnabledChecks(db);
  const counts = await countQueues(db, checks);
  return { queues: checks.map((check) => ({ check, label: QUALITY_CHECKS[check].label, count: counts.get(check) ?? 0 })) };
}

export async function getProductQuality(db: Kysely<DB>, id: number): Promise<ProductQuality> {
  const [fails, checked] = await Promise.all([findFailedChecks(db, id), findEnabledChecks(db)]);
  if (!fails) throw notFound('Product not found');
  const failed = checked.filter((check) => fails.includes(check));
  return { completeness: completenessPercent(checked.length, failed.length), checked, failed };
}
