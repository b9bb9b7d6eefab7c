import { AUTH_MESSAGES, type Permissions, type User } from '@bosun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStorageStore } from '../lib/session-storage';
import { jsonResponse, renderRoutes, signIn } from '../test/render';
import { admin, manager } from '../test/users';
import { appRoutes } from './router';

// Issue 24: the sidebar offers only the pages a person may open, with the count of accounts
// waiting for an admin; an account that waits sees only the waiting page.

const none: Permissions = { products: false, categories: false, vendors: false, settings: false };
const withFlags = (flags: Partial<Permissions>): User => ({ ...manager, permissions: { ...none, ...flags } });
const pendingUser: User = { ...manager, id: 7, username: 'newcomer', email: 'newcomer@example.com', status: 'pending', permissions: none };

/** The API as the shell sees it; `verified` answers /auth/verify, one answer per call when a list. */
function serveApi(verified: User | User[], extra: Record<string, unknown> = {}) {
  const answers = Array.isArray(verified) ? [...verified] : [verified];
  const calls: { method: string; path: string }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const path = url.split('?')[0]!;
    calls.push({ method: init.method ?? 'GET', path });
    if (path === '/api/auth/verify') return jsonResponse({ user: answers.length > 1 ? answers.shift() : answers[0] });
    if (path === '/api/auth/logout') return new Response(null, { status: 204 });
    if (path === '/api/settings') return jsonResponse({ company_name: 'Harbourside', logo_url: '', weight_unit: 'kg', dimension_unit: 'cm' });
    if (path === '/api/dashboard/stats') {
      return jsonResponse({ stats: { totalProducts: 0, totalVariations: 0, totalVendors: 0, outOfStock: 0, featuredProducts: 0 }, topVendors: [], storeCategories: { top: [], other: { categories: 0, product_count: 0 } }, recentProducts: [] });
    }
    if (path in extra) return jsonResponse(extra[path]);
    return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const sidebarLinks = () =>
  within(screen.getByRole('navigation', { name: 'Sections' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label') ?? link.textContent);

describe('the sidebar', () => {
  it.each([
    ['products only', withFlags({ products: true }), ['Dashboard', 'Products', 'Recent changes', 'Settings']],
    ['categories only', withFlags({ categories: true }), ['Dashboard', 'Categories', 'Category mapping', 'Settings']],
    ['vendors and settings', withFlags({ vendors: true, settings: true }), ['Dashboard', 'Vendors', 'Settings']],
    ['no flag', withFlags({}), ['Dashboard', 'Settings']],
  ])('shows a shop manager with %s only the pages they may open', async (_name, user, expected) => {
    signIn(user);
    serveApi(user);
    renderRoutes(appRoutes, '/dashboard');
    await screen.findByText(`Welcome back, ${user.username}`);
    expect(sidebarLinks()).toEqual(expected);
  });

  it('shows the global product search only to someone with the products permission', async () => {
    for (const [user, shown] of [[withFlags({ vendors: true }), false], [withFlags({ products: true }), true]] as const) {
      signIn(user);
      serveApi(user);
      const view = renderRoutes(appRoutes, '/dashboard');
      await screen.findByText(`Welcome back, ${user.username}`);
      expect(screen.queryByRole('combobox', { name: 'Search products' }) !== null || screen.queryByRole('textbox', { name: 'Search products' }) !== null).toBe(shown);
      view.unmount();
    }
  });

  it('shows an admin every page and the number of accounts waiting next to Users', async () => {
    signIn(admin);
    serveApi(admin, { '/api/users': [admin, manager, pendingUser, { ...pendingUser, id: 8, username: 'second' }] });
    renderRoutes(appRoutes, '/dashboard');
    await screen.findByText('Welcome back, admin');
    expect(sidebarLinks()).toEqual(['Dashboard', 'Products', 'Categories', 'Category mapping', 'Vendors', 'Recent changes', expect.stringContaining('Users'), 'Settings']);
    const users = await screen.findByRole('link', { name: 'Users', description: '2 accounts waiting for approval' });
    expect(within(users).getByText('2')).toBeTruthy();
  });

  it('counts one waiting account in the singular', async () => {
    signIn(admin);
    serveApi(admin, { '/api/users': [admin, manager, pendingUser] });
    renderRoutes(appRoutes, '/dashboard');
    expect(await screen.findByRole('link', { name: 'Users', description: '1 account waiting for approval' })).toBeTruthy();
  });
});

describe('an account waiting for approval', () => {
  it('sees only the waiting page, whatever the path, and asks for nothing else', async () => {
    signIn(pendingUser);
    const calls = serveApi(pendingUser);
    renderRoutes(appRoutes, '/products');
    expect(await screen.findByRole('heading', { name: AUTH_MESSAGES.waitingTitle })).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.waitingText)).toBeTruthy();
    expect(screen.getByText('Signed in as newcomer (newcomer@example.com)')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Sections' })).toBeNull();
    expect(calls.every((c) => c.path === '/api/auth/verify')).toBe(true);
  });

  it("says so when 'Check again' finds it still waiting, and opens the page asked for once approved", async () => {
    const approved: User = { ...pendingUser, status: 'active', permissions: { products: true, categories: true, vendors: true, settings: false } };
    signIn(pendingUser);
    serveApi([pendingUser, pendingUser, approved], { '/api/products': { products: [], pagination: { page: 1, limit: 20, total: 0, pages: 0 } } });
    const { router } = renderRoutes(appRoutes, '/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Check again' }));
    expect(await screen.findByText(AUTH_MESSAGES.stillWaiting)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Welcome back, newcomer')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sidebarLinks()).toContain('Products');
  });

  it('signs out', async () => {
    signIn(pendingUser);
    const calls = serveApi(pendingUser);
    const { router } = renderRoutes(appRoutes, '/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/auth/logout')).toBe(true);
    expect(sessionStorageStore.get()).toBeNull();
  });
});
