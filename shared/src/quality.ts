import { z } from 'zod';
import { QUALITY_CHECK_NAMES, type QualityCheck } from './quality-bits.js';

export * from './quality-bits.js';

export const QUALITY_MARGIN_MAX = 99;

export const qualitySwitchesSchema = z.object(Object.fromEntries(QUALITY_CHECK_NAMES.map((c) => [c, z.boolean()])) as Record<QualityCheck, z.ZodBoolean>);
export const qualitySwitchesUpdateSchema = qualitySwitchesSchema.partial().strict();

export const qualityMarginPercentSchema = z
  .number('Quality margin percent must be a number')
  .min(0, 'Quality margin percent must be at least 0')
  .max(QUALITY_MARGIN_MAX, `Quality margin percent must be at most ${QUALITY_MARGIN_MAX}`);

/** A product's completeness: the share of the switched-on checks it passes, and the ones it fails. */
export const productQualitySchema = z.object({
  /** 0-100, rounded down; 100 when every switched-on check passes (or none is on). */
  completeness: z.number().int(),
  checked: z.array(z.enum(QUALITY_CHECK_NAMES)),
  failed: z.array(z.enum(QUALITY_CHECK_NAMES)),
});
export type ProductQuality = z.infer<typeof productQualitySchema>;

export const completenessPercent = (checked: number, failed: number) => (checked === 0 ? 100 : Math.floor(((checked - failed) * 100) / checked));

/** Each switched-on queue with the listed products in it, for the dashboard's card. */
export const qualitySummarySchema = z.object({
  queues: z.array(z.object({ check: z.enum(QUALITY_CHECK_NAMES), label: z.string(), count: z.number().int() })),
});
export type QualitySummary = z.infer<typeof qualitySummarySchema>;

export const qualityProblemQuerySchema = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.enum(QUALITY_CHECK_NAMES, `problem must be one of ${QUALITY_CHECK_NAMES.join(', ')}`).optional(),
);

/** The checks' switches and the margin percent, as GET and PUT /api/quality/settings answer them. */
export const qualitySettingsSchema = z.object({ checks: qualitySwitchesSchema, margin_percent: z.number() });
export type QualitySettings = z.infer<typeof qualitySettingsSchema>;

export const updateQualitySettingsBodySchema = z
  .object({ checks: qualitySwitchesUpdateSchema, margin_percent: qualityMarginPercentSchema })
  .partial()
  .strict();
export type UpdateQualitySettingsBody = z.infer<typeof updateQualitySettingsBodySchema>;

export const QUALITY_MESSAGES = {
  settingsSaved: 'Quality checks saved',
  settingsFailed: 'Error saving the quality checks',
  summaryFailed: 'Failed to load the catalogue quality',
} as const;
