/** Test support for the product form, detail page and bulk edit: a fake API for writes and a render helper. */
import { BULK_MESSAGES, type Product, type User } from '@bosun/shared';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { jsonResponse, renderRoutes, signIn } from '../../../test/render';
import { admin } from '../../../test/users';
import { fakeApi, type FakeApiOptions } from './fake-products-api';
import { product } from './product-fixtures';

export interface WriteApiOptions extends FakeApiOptions {
  /** Answers a write itself (errors, slow answers); return undefined to fall through. */
  onWrite?: (method: string, path: string, body: unknown) => Response | Promise<Response> | undefined;
  /** GET /products/{id}; a missing id answers 404. */
  products?: Record<number, Product>;
}

/** fakeApi plus POST/PUT /products, PUT /products/bulk/update and GET /products/{id}. */
export function fakeWriteApi(options: WriteApiOptions = {}) {
  const base = fakeApi(options);
  const products = { ...(options.products ?? {}) };
  let nextId = 100;
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const parsed = new URL(url, 'http://localhost');
    const method = init.method ?? 'GET';
    const path = parsed.pathname;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const isWrite = (method === 'POST' && path === '/api/products') || (method === 'PUT' && path.startsWith('/api/products/'));
    if (isWrite) {
      base.calls.push({ method, path, query: parsed.searchParams, body });
      const override = await options.onWrite?.(method, path, body);
      if (override) return override;
      if (path === '/api/products/bulk/update') {
        const updated = body.ids ? body.ids.length : 42;
        return jsonResponse({ message: BULK_MESSAGES.updated(updated), updated });
      }
      if (method === 'POST') {
        const created = product(nextId++, { ...body });
        products[created.id] = created;
        return jsonResponse(created, { status: 201 });
      }
      const id = Number(path.split('/').at(-1));
      const updated = { ...(products[id] ?? product(id)), ...body, updated_at: new Date().toISOString() };
      products[id] = updated;
      return jsonResponse(updated);
    }
    const detail = /^\/api\/products\/(\d+)$/.exec(path);
    if (detail && method === 'GET') {
      base.calls.push({ method, path, query: parsed.searchParams, body });
      const found = products[Number(detail[1])];
      return found ? jsonResponse(found) : jsonResponse({ message: 'Product not found', code: 'NOT_FOUND' }, { status: 404 });
    }
    return base.fetchMock(url, init);
  });
  const writes = () => base.calls.filter((c) => c.method === 'POST' || c.method === 'PUT');
  return { ...base, fetchMock, products, writes, lastWrite: () => writes().at(-1) };
}

/** fakeWriteApi standing in for fetch until the test ends. */
export function stubWriteApi(options: WriteApiOptions = {}) {
  const api = fakeWriteApi(options);
  vi.stubGlobal('fetch', api.fetchMock);
  return api;
}

/** `ui` at `path` inside the app's providers with a signed-in user; /products renders a stand-in for the list. */
export function renderWithSession(ui: ReactElement, { path = '/', routePath = '*', user = admin }: { path?: string; routePath?: string; user?: User } = {}) {
  signIn(user);
  return renderRoutes(
    [
      { path: routePath, element: ui },
      { path: '/products', element: <p>The products list</p> },
    ],
    path,
  );
}
