/** Test support for the products screen: a recording stand-in for the API and a render helper. */
import type { Category, Product, User } from '@bosun/shared';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../../../app/theme';
import { sessionStorageStore } from '../../../lib/session-storage';
import { createTestQueryClient, jsonResponse } from '../../../test/render';
import { SessionProvider } from '../../auth';
import { ProductsView } from '../components/products-view';

export const admin: User = {
  id: 1,
  username: 'admin',
  email: 'admin@example.com',
  role: 'admin',
  permissions: { products: true, categories: true, vendors: true, settings: true },
  preferences: {},
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
export const manager: User = { ...admin, id: 2, username: 'deckhand', role: 'shop_manager', permissions: { ...admin.permissions, settings: false } };

export function product(id: number, fields: Partial<Product> = {}): Product {
  return {
    id,
    sku: `SKU-${id}`,
    mfn: null,
    gtin: null,
    name: `Product ${id}`,
    short_description: null,
    description: null,
    brand: 'Lewmar',
    stock: id % 3,
    list_price: 10 + id,
    market_price: null,
    vendor_cost: null,
    special_price: null,
    weight: null,
    length: 10,
    width: 5,
    height: 2.5,
    vendor_id: 1,
    vendor_name: 'Harbour Supply',
    vendor_category_id: null,
    vendor_category_name: null,
    store_category_id: null,
    store_category_name: null,
    vendor_category_path: 'Deck > Winches',
    store_category_path: null,
    google_category: null,
    published: true,
    featured: false,
    visibility: 'public',
    images: [],
    image_url: null,
    meta_title: null,
    meta_description: null,
    meta_keywords: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    kind: 'simple',
    variation_count: 0,
    variation_price_max: null,
    ...fields,
  };
}

export function category(id: number, name: string, type: 'vendor' | 'store', fields: Partial<Category> = {}): Category {
  return {
    id,
    name,
    type,
    description: type,
    parent_id: null,
    parent_name: null,
    vendor_id: type === 'vendor' ? 1 : null,
    vendor_name: null,
    level: 1,
    status: 'active',
    product_count: 3,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...fields,
  };
}

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface FakeApiOptions {
  user?: User;
  /** Products matching any filter; the fake pages through them but does not filter. */
  total?: number;
  categories?: Category[];
  vendorCategories?: Record<number, Category[]>;
  /** Answers GET /products itself (for errors); return undefined to fall through. */
  onList?: (query: URLSearchParams, call: number) => Response | undefined;
}

/** A stand-in for the API that records every call the screen makes. */
export function fakeApi(options: FakeApiOptions = {}) {
  const calls: RecordedCall[] = [];
  let total = options.total ?? 5;
  let listCalls = 0;
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const parsed = new URL(url, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: parsed.pathname, query: parsed.searchParams, body });
    const path = parsed.pathname;
    if (path === '/api/auth/verify') return jsonResponse({ user: options.user ?? admin });
    if (path === '/api/settings') return jsonResponse({ company_name: 'Harbourside', logo_url: '', weight_unit: 'kg', dimension_unit: 'cm' });
    if (path === '/api/vendors') return jsonResponse({ vendors: [{ id: 1, name: 'Harbour Supply' }, { id: 2, name: 'Anchor Works' }] });
    if (path === '/api/categories') {
      const flat = options.categories ?? [];
      return jsonResponse({ categories: [], flatCategories: flat });
    }
    const vendorMatch = /^\/api\/categories\/vendor\/(\d+)$/.exec(path);
    if (vendorMatch) return jsonResponse({ categories: options.vendorCategories?.[Number(vendorMatch[1])] ?? [] });
    if (path === '/api/users/preferences' && method === 'PUT') {
      return jsonResponse({ user: { ...(options.user ?? admin), preferences: body } });
    }
    if (path === '/api/products/bulk-delete') {
      const deleted = body.ids ? body.ids.length : total;
      total -= deleted;
      return jsonResponse({ message: `${deleted} products deleted successfully`, deleted });
    }
    if (path.startsWith('/api/products/') && method === 'DELETE') {
      total -= 1;
      return jsonResponse({ message: 'Product deleted successfully' });
    }
    if (path === '/api/products') {
      listCalls += 1;
      const override = options.onList?.(parsed.searchParams, listCalls);
      if (override) return override;
      const page = Number(parsed.searchParams.get('page') ?? 1);
      const limit = Number(parsed.searchParams.get('limit') ?? 20);
      const from = (page - 1) * limit;
      const count = Math.max(0, Math.min(limit, total - from));
      return jsonResponse({
        products: Array.from({ length: count }, (_, i) => product(from + i + 1)),
        pagination: { page, limit, total, pages: Math.ceil(total / limit) },
      });
    }
    return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
  });
  return {
    fetchMock,
    calls,
    /** GET /products calls, newest last. */
    listQueries: () => calls.filter((c) => c.method === 'GET' && c.path === '/api/products').map((c) => c.query),
    lastListQuery: () => calls.filter((c) => c.method === 'GET' && c.path === '/api/products').at(-1)?.query,
  };
}

/**
 * The screen inside the app's providers, with a signed-in user and a memory router at `path`.
 * happy-dom lays nothing out; the table's scroll box is given room for a 20-row page so that the
 * virtualised rows render.
 */
export function renderProductsView(path = '/products', user: User = admin) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(20 * 44);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  sessionStorageStore.save({ token: `token-${user.id}`, user });
  const router = createMemoryRouter([{ path: '/products', element: <ProductsView /> }], { initialEntries: [path] });
  const queryClient = createTestQueryClient();
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <ModalsProvider>
            <RouterProvider router={router} />
          </ModalsProvider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, queryClient, ...view };
}
