import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { StoreCategoriesCard } from './store-categories-card';
import { TopVendorsCard } from './top-vendors-card';

/** Each bar's length in percent, in the order drawn. */
const barValues = (section: HTMLElement) => within(section).getAllByRole('progressbar').map((bar) => Number(bar.getAttribute('aria-valuenow')));

describe('dashboard bars', () => {
  it('draws the largest vendor as a full bar and the others relative to it, with the count as text', () => {
    const vendors = [
      { id: 1, name: 'Gulf Coast', status: 'active', product_count: 400, unmapped_count: 100 },
      { id: 2, name: 'Keys Marine', status: 'active', product_count: 300, unmapped_count: 0 },
      { id: 3, name: 'Down East', status: 'active', product_count: 20, unmapped_count: 0 },
    ];
    renderWithProviders(<TopVendorsCard vendors={vendors} />);
    const section = screen.getByRole('region', { name: 'Top Vendors' });
    expect(barValues(section)).toEqual([100, 75, 5]);
    expect(within(section).getByText('400 products')).toBeTruthy();
    expect(within(section).getByRole('progressbar', { name: 'Down East: 20 products' })).toBeTruthy();
    // The share of a vendor's products without a shop category (issue 23); none shown where all have one.
    expect(within(section).getAllByText(/unmapped$/).map((e) => e.textContent)).toEqual(['25% unmapped']);
  });

  it("says what '% unmapped' counts in a tooltip, not a browser title", async () => {
    renderWithProviders(<TopVendorsCard vendors={[{ id: 1, name: 'Gulf Coast', status: 'active', product_count: 400, unmapped_count: 100 }]} />);
    const unmapped = screen.getByText('25% unmapped');
    expect(unmapped.getAttribute('title')).toBeNull();
    await userEvent.setup().hover(unmapped);
    expect((await screen.findByRole('tooltip')).textContent).toBe('100 products without a shop category');
  });

  it('draws a catalogue of small vendors with bars that still differ (not count / 100)', () => {
    const vendors = [
      { id: 1, name: 'A', status: 'active', product_count: 8, unmapped_count: 0 },
      { id: 2, name: 'B', status: 'active', product_count: 2, unmapped_count: 0 },
    ];
    renderWithProviders(<TopVendorsCard vendors={vendors} />);
    expect(barValues(screen.getByRole('region', { name: 'Top Vendors' }))).toEqual([100, 25]);
  });

  it('draws store categories relative to the largest, the rest summed in words, each category opening the filtered list', async () => {
    renderWithProviders(
      <StoreCategoriesCard
        categories={{ top: [{ id: 9, name: 'Anchoring', product_count: 200 }, { id: 4, name: 'Safety', product_count: 50 }], other: { categories: 3, product_count: 100 } }}
      />,
    );
    const section = screen.getByRole('region', { name: 'Products by Store Category' });
    // The rest outnumber the second category but draw no bar: their sum is no category's size.
    expect(barValues(section)).toEqual([100, 25]);
    expect(within(section).getByText('and 3 more categories with 100 products')).toBeTruthy();
    await userEvent.click(within(section).getByRole('link', { name: 'Anchoring' }));
    expect(screen.getByTestId('location').textContent).toBe('/products?store_category_ids=9');
  });

  it('says so when there are no store categories', () => {
    renderWithProviders(<StoreCategoriesCard categories={{ top: [], other: { categories: 0, product_count: 0 } }} />);
    expect(screen.getByText('No store categories yet')).toBeTruthy();
  });
});
