/** Test support for the product form, detail page and bulk edit: a fake API for writes and a render helper. */
import type { Product, User } from '@bosun/shared';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../../../app/theme';
import { sessionStorageStore } from '../../../lib/session-storage';
import { createTestQueryClient, jsonResponse } from '../../../test/render';
import { SessionProvider } from '../../auth';
import { admin, fakeApi, product, type FakeApiOptions } from './fake-products-api';

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
        return jsonResponse({ message: `${updated} products updated successfully`, updated });
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

/** `ui` at `path` inside the app's providers with a signed-in user; other paths render their location. */
export function renderWithSession(ui: ReactElement, { path = '/', routePath = '*', user = admin }: { path?: string; routePath?: string; user?: User } = {}) {
  sessionStorageStore.save({ token: `token-${user.id}`, user });
  const router = createMemoryRouter(
    [
      { path: routePath, element: ui },
      { path: '/products', element: <p>The products list</p> },
    ],
    { initialEntries: [path] },
  );
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
