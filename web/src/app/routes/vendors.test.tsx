import type { User } from '@bosun/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../features/auth';
import { jsonResponse, renderWithProviders, signIn } from '../../test/render';
import VendorsRoute from './vendors';

const manager: User = {
  id: 2,
  username: 'deckhand',
  email: 'deckhand@example.com',
  role: 'shop_manager',
  status: 'active',
  permissions: { products: true, categories: true, vendors: false, settings: false },
  preferences: {},
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

function renderAs(user: User) {
  signIn(user);
  const fetchMock = vi.fn((url: string) =>
    Promise.resolve(url.startsWith('/api/auth/verify') ? jsonResponse({ user }) : jsonResponse({ vendors: [] })),
  );
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(
    <SessionProvider>
      <VendorsRoute />
    </SessionProvider>,
  );
  return fetchMock;
}

describe('/vendors', () => {
  it('shows Access Denied to a shop_manager without the vendors permission, and asks the API nothing', async () => {
    const fetchMock = renderAs(manager);
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(screen.getByText("You don't have permission to access this page.")).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Vendor Management' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/vendors'))).toBe(false);
  });

  it('shows the screen to a shop_manager who has it', async () => {
    renderAs({ ...manager, permissions: { ...manager.permissions, vendors: true } });
    expect(await screen.findByRole('heading', { name: 'Vendor Management' })).toBeTruthy();
    expect(await screen.findByText('No vendors found')).toBeTruthy();
  });
});
