import type { HeldRunSummary } from '@bosun/shared';
import { formatCount, plural } from '../../../lib/format';

/**
 * The words of a held feed run (issue 22): what its dry run found, and what 'Apply anyway' will
 * do, said in numbers before staff press it.
 */

/** The dry run's counts in a line: '3 rows: 2 to update, 0 to create, 1 skipped, 0 failing'. */
export const heldCountsText = (s: HeldRunSummary) =>
  `${plural(s.totalRows, 'row')}: ${formatCount(s.update)} to update, ${formatCount(s.create)} to create, ${formatCount(s.skip)} skipped, ${formatCount(s.errorCount)} failing`;

const MISSING_EFFECT = { leave: 'will be left as they are', zero_stock: 'will be set to stock 0', disable: 'will be disabled (unpublished)' } as const;

/** What the missing-product rule will do: "412 of the vendor's 2,000 products will be set to stock 0". */
export function heldMissingText(s: HeldRunSummary): string | undefined {
  const plan = s.missing;
  if (!plan || plan.missing === 0) return undefined;
  const changed = plan.action === 'leave' ? plan.missing : plan.changes;
  return `${formatCount(changed)} of the vendor's ${plural(plan.vendorProducts, 'product')} ${MISSING_EFFECT[plan.action]} (not in the file)`;
}

/** The confirm dialog's list of what applying the held file will do, largest risk first. */
export function applyConsequences(s: HeldRunSummary): string[] {
  const lines: string[] = [];
  const missing = heldMissingText(s);
  if (missing) lines.push(`${missing}.`);
  if (s.errorCount > 0) lines.push(`${formatCount(s.errorCount)} of ${plural(s.totalRows, 'row')} fail and will be left out.`);
  lines.push(`${plural(s.update, 'product')} will be updated and ${formatCount(s.create)} created.`);
  return lines;
}
