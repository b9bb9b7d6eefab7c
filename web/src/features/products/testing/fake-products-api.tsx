/** Test support for the products screen: a recording stand-in for the API and a render helper. */
import { PRODUCT_MESSAGES, type Category, type Settings, type User } from '@bosun/shared';
import { vi } from 'vitest';
import { jsonResponse, renderRoutes, signIn } from '../../../test/render';
import { admin } from '../../../test/users';
import { ProductsView } from '../components/products-view';
import { product } from './product-fixtures';

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
  /** The company settings' currency (the dollar when not given). */
  currency?: Settings['currency'];
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
    if (path === '/api/settings') return jsonResponse({ company_name: 'Harbourside', logo_url: '', weight_unit: 'kg', dimension_unit: 'cm', currency: options.currency ?? 'USD' });
    if (path === '/api/vendors/names') return jsonResponse({ vendors: [{ id: 1, name: 'Harbour Supply' }, { id: 2, name: 'Anchor Works' }] });
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
      return jsonResponse({ message: PRODUCT_MESSAGES.bulkDeleted(deleted), deleted });
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

/** fakeApi standing in for fetch until the test ends. */
export function stubApi(options: FakeApiOptions = {}) {
  const api = fakeApi(options);
  vi.stubGlobal('fetch', api.fetchMock);
  return api;
}

/**
 * The screen inside the app's providers, with a signed-in user and a memory router at `path`.
 * happy-dom lays nothing out; the table's scroll box is given room for a 20-row page so that the
 * virtualised rows render.
 */
export function renderProductsView(path = '/products', user: User = admin) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(20 * 44);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  signIn(user);
  return renderRoutes([{ path: '/products', element: <ProductsView /> }], path);
}
