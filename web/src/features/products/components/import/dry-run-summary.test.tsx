import type { ImportPreviewResponse, MissingProductsPlan } from '@bosun/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { DryRunChangesSummary } from './dry-run-changes';
import { fieldChangeRows } from '../../../../lib/dry-run-fields';
import { missingPlanText, needsMissingConfirmation } from './dry-run-summary';

const plan = (over: Partial<MissingProductsPlan> = {}): MissingProductsPlan => ({
  action: 'zero_stock',
  vendorProducts: 40,
  missing: 4,
  changes: 3,
  percent: 10,
  maxPercent: 20,
  overLimit: false,
  ...over,
});

const dry = (over: Partial<ImportPreviewResponse['dryRun']> = {}): ImportPreviewResponse['dryRun'] => ({
  valid: 5,
  create: 0,
  update: 5,
  skip: 0,
  errorCount: 0,
  errors: [],
  newCategories: 0,
  warningCount: 0,
  warnings: [],
  ...over,
});

describe('the dry run summary logic', () => {
  it("lists the fields that change in the checklist's order, leaving out those that change nothing", () => {
    expect(fieldChangeRows({ unchanged: 1, fields: { list_price: 2, stock: 4, name: 0, zz_other: 1 }, topPriceChanges: [] })).toEqual([
      { key: 'stock', label: 'Stock quantity', count: 4 },
      { key: 'list_price', label: 'List price', count: 2 },
      { key: 'zz_other', label: 'Zz other', count: 1 },
    ]);
  });

  it('says the missing plan in a sentence, and when nothing is missing', () => {
    expect(missingPlanText(plan())).toBe("4 of the vendor's 40 products (10%) are not in the file: their stock would be set to 0, 3 of them changed.");
    expect(missingPlanText(plan({ action: 'disable', missing: 1, changes: 1, percent: 2.5 }))).toBe(
      "1 of the vendor's 40 products (2.5%) is not in the file: they would be disabled (unpublished), 1 of them changed.",
    );
    expect(missingPlanText(plan({ missing: 0, changes: 0, percent: 0 }))).toBe("The file names all of the vendor's 40 products: none is missing.");
  });

  it('asks for a confirmation only over the limit and when the rule would change something', () => {
    expect(needsMissingConfirmation(undefined)).toBe(false);
    expect(needsMissingConfirmation(plan())).toBe(false);
    expect(needsMissingConfirmation(plan({ overLimit: true }))).toBe(true);
    expect(needsMissingConfirmation(plan({ overLimit: true, changes: 0 }))).toBe(false);
  });
});

describe('DryRunChangesSummary', () => {
  it("shows the changes per field, the unchanged count and the price changes in the shop's currency", () => {
    renderWithProviders(
      <DryRunChangesSummary
        dry={dry({
          changes: {
            unchanged: 3,
            fields: { stock: 2, list_price: 1 },
            topPriceChanges: [{ sku: 'A-1', name: 'Anchor', field: 'list_price', from: 1234.5, to: 19.99 }],
          },
        })}
        currency="EUR"
        confirmMissing={false}
        onConfirmMissingChange={vi.fn()}
        disabled={false}
      />,
    );
    const section = screen.getByRole('region', { name: 'Changes to existing products' });
    expect(section.textContent).toContain('Unchanged: 3');
    expect(within(section).getByLabelText('Stock quantity: 2 changed')).toBeTruthy();
    expect(within(section).getByLabelText('List price: 1 changed')).toBeTruthy();
    const [, row] = within(screen.getByRole('table', { name: 'Largest price changes' })).getAllByRole('row');
    expect(within(row!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['A-1', 'Anchor', 'List price', '€1,234.50 → €19.99']);
    expect(screen.queryByRole('alert', { name: 'Products missing from the file' })).toBeNull();
  });

  it('asks for the confirmation of a missing share over the limit', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(
      <DryRunChangesSummary dry={dry({ missing: plan({ missing: 20, changes: 20, percent: 50, overLimit: true }) })} currency="USD" confirmMissing={false} onConfirmMissingChange={onConfirm} disabled={false} />,
    );
    const alert = screen.getByRole('alert', { name: 'Products missing from the file' });
    expect(alert.textContent).toContain('more than the largest share of 20%');
    await userEvent.setup().click(within(alert).getByRole('checkbox', { name: 'Yes, set their stock to 0: 20 products' }));
    expect(onConfirm).toHaveBeenCalledWith(true);
  });

  it('shows no confirmation under the limit', () => {
    renderWithProviders(<DryRunChangesSummary dry={dry({ missing: plan() })} currency="USD" confirmMissing={false} onConfirmMissingChange={vi.fn()} disabled={false} />);
    expect(within(screen.getByRole('alert', { name: 'Products missing from the file' })).queryByRole('checkbox')).toBeNull();
  });
});
