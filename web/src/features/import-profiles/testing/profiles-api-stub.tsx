import { IMPORT_PROFILE_MESSAGES, STOCK_AND_PRICE_FIELDS, type ImportProfile } from '@bosun/shared';
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { jsonResponse, renderRoutes, signIn } from '../../../test/render';
import { admin } from '../../../test/users';
import { ImportProfilesView } from '../components/import-profiles-view';

/** A stock feed's profile as the API answers it; tests change what they need. */
export const profileOf = (over: Partial<ImportProfile> = {}): ImportProfile => ({
  id: 7,
  name: 'Daily stock',
  vendorId: 1,
  vendorName: 'Harbour Supply',
  headers: ['Code', 'Qty', 'Price'],
  mapping: { sku: 'Code', stock: 'Qty', list_price: 'Price' },
  encoding: 'auto',
  delimiter: ';',
  mode: 'ultra-fast',
  updateExisting: true,
  updateFields: [...STOCK_AND_PRICE_FIELDS],
  createNew: false,
  emptyCells: 'keep',
  missing: { action: 'zero_stock', maxPercent: 20 },
  priceRules: null,
  feed: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

export const FEED = { url: 'https://feeds.example/stock.csv', authKind: 'basic' as const, authName: 'shop', schedule: null, fullList: true, maxFailedPercent: 10, hasSecret: true };

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

interface StubOptions {
  /** Profile 7 as listed (a second one, 'Catalogue' of vendor 2, is always there). */
  profile?: ImportProfile;
  put?: (body: Record<string, unknown>) => Response;
  run?: (body: Record<string, unknown>) => Response;
}

/** The API the profiles screen talks to, signed in as an admin; every call is recorded. */
export function stubProfilesApi({ profile = profileOf({ feed: FEED }), put = () => jsonResponse({}), run = () => jsonResponse({ message: IMPORT_PROFILE_MESSAGES.feedStarted }, { status: 202 }) }: StubOptions = {}) {
  const calls: Call[] = [];
  signIn(admin);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const parsed = new URL(url, 'http://localhost');
      const call = { method: init.method ?? 'GET', path: parsed.pathname, query: parsed.searchParams, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      if (call.path === '/api/vendors/names') return jsonResponse({ vendors: [{ id: 1, name: 'Harbour Supply' }, { id: 2, name: 'Anchor Works' }] });
      if (call.path === '/api/settings') return jsonResponse({ company_name: 'Harbourside', logo_url: '', weight_unit: 'kg', dimension_unit: 'cm', currency: 'USD', time_zone: 'Europe/Oslo' });
      if (call.path === '/api/category-mappings/store-paths') {
        const all = [
          { id: 31, path: 'Deck Hardware > Winches' },
          { id: 32, path: 'Safety > Lifejackets' },
        ];
        const ids = call.query.get('ids');
        const words = (call.query.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        return jsonResponse({ categories: ids ? all.filter((c) => ids.split(',').includes(String(c.id))) : all.filter((c) => words.every((w) => c.path.toLowerCase().includes(w))) });
      }
      if (call.path === '/api/import-profiles' && call.method === 'GET') {
        const all = [profile, profileOf({ id: 8, name: 'Catalogue', vendorId: 2, vendorName: 'Anchor Works', updateFields: null, missing: { action: 'leave', maxPercent: 20 }, lastUsedAt: null })];
        const vendor = call.query.get('vendorId');
        return jsonResponse({ profiles: all.filter((p) => !vendor || String(p.vendorId) === vendor) });
      }
      if (call.path === '/api/import-profiles/7' && call.method === 'PUT') return put(call.body as Record<string, unknown>);
      if (call.path === '/api/import-profiles/7/run' && call.method === 'POST') return run(call.body as Record<string, unknown>);
      if (call.path === '/api/import-profiles/7' && call.method === 'DELETE') return jsonResponse({ message: IMPORT_PROFILE_MESSAGES.deleted });
      return jsonResponse({ message: 'Not found' }, { status: 404 });
    }),
  );
  return calls;
}

/** The profiles screen at /imports/profiles, with /imports beside it for the toast's link. */
export const renderProfilesScreen = () =>
  renderRoutes(
    [
      { path: '/imports/profiles', element: <ImportProfilesView /> },
      { path: '/imports', element: <h1>Imports page</h1> },
    ],
    '/imports/profiles',
  );

/** A PUT body of the profile form, as the edit tests read it. */
export type ProfileBody = Record<string, unknown> & { feed?: Record<string, unknown> | null };

/** The screen with `profile` as given; every PUT is recorded (returned) and answered with the profile. */
export function setUpProfileEdits(profile: ImportProfile): ProfileBody[] {
  const puts: ProfileBody[] = [];
  stubProfilesApi({
    profile,
    put: (body) => {
      puts.push(body as ProfileBody);
      return jsonResponse({ profile: { ...profile, name: (body as ProfileBody).name } });
    },
  });
  renderProfilesScreen();
  return puts;
}

/** Opens the edit form of profileOf()'s 'Daily stock'. */
export async function openProfileForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit profile Daily stock' }));
  return screen.findByRole('form', { name: 'Edit import profile' });
}
