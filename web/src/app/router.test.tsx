import type { User } from '@bosun/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStorageStore } from '../lib/session-storage';
import { jsonResponse, renderRoutes, signIn } from '../test/render';
import { admin, manager } from '../test/users';
import { appRoutes } from './router';

/** Answers the calls the shell and the pages make; /auth/verify says whether the stored token is good. */
function serveApi(verifiedUser: User | null) {
  return vi.fn((url: string) => {
    const path = url.split('?')[0];
    if (path === '/api/auth/verify') {
      return Promise.resolve(verifiedUser ? jsonResponse({ user: verifiedUser }) : jsonResponse({ message: 'Invalid token', code: 'UNAUTHORIZED' }, { status: 401 }));
    }
    if (path === '/api/settings') return Promise.resolve(jsonResponse({ company_name: 'Harbourside', logo_url: '', weight_unit: 'kg', dimension_unit: 'cm' }));
    if (path === '/api/dashboard/stats') {
      return Promise.resolve(jsonResponse({ stats: { totalProducts: 0, totalVariations: 0, totalVendors: 0, outOfStock: 0, featuredProducts: 0 }, topVendors: [], storeCategories: { top: [], other: { categories: 0, product_count: 0 } }, recentProducts: [] }));
    }
    if (path === '/api/users') return Promise.resolve(jsonResponse([admin, manager]));
    return Promise.resolve(jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 }));
  });
}

const renderApp = (path: string) => renderRoutes(appRoutes, path).router;

describe('route table', () => {
  beforeEach(() => vi.stubGlobal('fetch', serveApi(null)));

  it.each(['/', '/dashboard', '/users', '/some/unknown/page'])('sends a signed-out visitor from %s to /login', async (path) => {
    const router = renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Sign in to Bosun' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['/', '/login', '/register', '/no/such/page'])('takes a signed-in user from %s to /dashboard', async (path) => {
    signIn(admin);
    vi.stubGlobal('fetch', serveApi(admin));
    const router = renderApp(path);
    expect(await screen.findByText('Welcome back, admin')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows Users only to admins and Access Denied to a shop_manager who opens /users', async () => {
    signIn(manager);
    vi.stubGlobal('fetch', serveApi(manager));
    renderApp('/users');

    expect(await screen.findByText("You don't have permission to access this page.")).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Settings' })).toBeTruthy();
  });

  it('lets an admin manage users', async () => {
    signIn(admin);
    vi.stubGlobal('fetch', serveApi(admin));
    renderApp('/users');

    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Users' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Delete deckhand' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete admin' })).toBeNull();
  });

  it('drops a stored session the server no longer accepts and goes to /login', async () => {
    signIn(admin);
    const router = renderApp('/settings');

    expect(await screen.findByRole('heading', { name: 'Sign in to Bosun' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorageStore.get()).toBeNull();
  });
});
