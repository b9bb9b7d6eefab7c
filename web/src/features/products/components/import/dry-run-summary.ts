import { MISSING_PRODUCT_ACTION_LABELS, type ImportPreviewResponse, type MissingProductsPlan } from '@bosun/shared';
import { formatCount, plural } from '../../../../lib/format';

const MISSING_ACTION_EFFECT = {
  leave: 'they are left as they are',
  zero_stock: 'their stock would be set to 0',
  disable: 'they would be disabled (unpublished)',
} as const;

/** The missing-product plan in a sentence: how many of the vendor's products the file does not name, and what would become of them. */
export function missingPlanText(plan: MissingProductsPlan): string {
  if (plan.missing === 0) return `The file names all of the vendor's ${plural(plan.vendorProducts, 'product')}: none is missing.`;
  const share = `${formatCount(plan.missing)} of the vendor's ${plural(plan.vendorProducts, 'product')} (${formatPercent(plan.percent)})`;
  return `${share} ${plan.missing === 1 ? 'is' : 'are'} not in the file: ${MISSING_ACTION_EFFECT[plan.action]}${plan.action === 'leave' ? '' : `, ${formatCount(plan.changes)} of them changed`}.`;
}

/** Why the import waits for staff's word: the share is above the profile's limit. */
export const overLimitText = (plan: MissingProductsPlan) =>
  `That is more than the largest share of ${formatPercent(plan.maxPercent)}: is the file truncated? Confirm below to go on, or turn off 'This file is the vendor's full list'.`;

/** The confirmation checkbox's label. */
export const confirmMissingLabel = (plan: MissingProductsPlan) =>
  `Yes, ${MISSING_PRODUCT_ACTION_LABELS[plan.action].replace(/^./, (c) => c.toLowerCase())}: ${plural(plan.changes, 'product')}`;

/** Import Data needs the confirmation only when the plan is over its limit and would change something. */
export const needsMissingConfirmation = (plan: MissingProductsPlan | undefined) => plan !== undefined && plan.overLimit && plan.changes > 0;

export const MISSING_CONFIRMATION_REQUIRED = 'Confirm the missing products first: their share is above the limit';

function formatPercent(value: number): string {
  return `${Number.isInteger(value) ? value : value.toFixed(1)}%`;
}
