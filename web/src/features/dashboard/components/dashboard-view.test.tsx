import type { DashboardStats } from '@bosun/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { DashboardView } from './dashboard-view';

const STATS: DashboardStats = {
  stats: { totalProducts: 12, totalVariations: 0, totalVendors: 2, outOfStock: 1, featuredProducts: 3 },
  topVendors: [{ id: 1, name: 'Keel & Co', status: 'active', product_count: 12, unmapped_count: 0 }],
  storeCategories: { top: [], other: { categories: 0, product_count: 0 } },
  recentProducts: [],
  supplierFeeds: null,
};

describe('DashboardView', () => {
  it('says the dashboard was refreshed after Refresh, and that it failed when it did', async () => {
    let fail = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (fail ? jsonResponse({ message: 'Database is busy' }, { status: 409 }) : jsonResponse(STATS))),
    );
    renderWithProviders(<DashboardView username="demo" />);
    const user = userEvent.setup();
    expect(await screen.findByText('Keel & Co')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Dashboard refreshed')).toBeTruthy();

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Failed to load dashboard data')).toBeTruthy();
    expect(screen.getAllByText('Dashboard refreshed')).toHaveLength(1);
  });
});
