import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SupplierFeedsCard } from './supplier-feeds-card';

const at = new Date(Date.now() - 2 * 3600_000).toISOString();

describe('the Supplier feeds card', () => {
  it('lists held and failed feed runs, each opening its run on the Imports page', async () => {
    renderWithProviders(
      <SupplierFeedsCard
        feeds={{
          feedProfiles: 3,
          total: 12,
          problems: [
            { importId: 41, status: 'failed', profileId: 2, profileName: 'Daily stock', vendorName: 'Harbour Supply', startedAt: at, message: 'The server answered 404 (Not Found)' },
            { importId: 40, status: 'held', profileId: 3, profileName: 'Weekly prices', vendorName: 'Keys Marine', startedAt: at, message: 'Held at the dry run: 412 of the vendor…' },
          ],
        }}
      />,
    );
    const card = screen.getByRole('region', { name: 'Supplier feeds' });
    const items = within(within(card).getByRole('list', { name: 'Feed runs to look at' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Failed');
    expect(items[0]!.textContent).toContain('Harbour Supply · The server answered 404 (Not Found)');
    expect(items[1]!.textContent).toContain('Held');
    expect(within(card).getByText('and 10 more runs on the Imports page')).toBeTruthy();
    // The Imports page lists that profile's runs, scrolls to the run the address names and marks it.
    expect(within(card).getByRole('link', { name: 'Weekly prices' }).getAttribute('href')).toBe('/imports?profileId=3#import-40');
    await userEvent.click(within(card).getByRole('link', { name: 'Weekly prices' }));
    expect(screen.getByTestId('location').textContent).toBe('/imports?profileId=3');
  });

  it('says every feed ran when none was held or failed', () => {
    renderWithProviders(<SupplierFeedsCard feeds={{ feedProfiles: 2, total: 0, problems: [] }} />);
    expect(screen.getByRole('region', { name: 'Supplier feeds' }).textContent).toContain('All 2 supplier feeds ran as planned in the last 7 days: none held or failed.');
  });
});
