/** Test support for the variations screen: a recording stand-in for its API and a render helper. */
import { VARIANT_MESSAGES, type AttributeInput, type User, type VariationsResponse } from '@bosun/shared';
import { vi } from 'vitest';
import { jsonResponse, renderRoutes, signIn } from '../../../test/render';
import { admin } from '../../../test/users';
import { VariationsView } from '../components/variations-view';
import { variation } from './variation-fixtures';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeVariationsApiOptions {
  data: VariationsResponse;
  user?: User;
  /** Answers a write itself (errors); return undefined to fall through to the fake's own answer. */
  onWrite?: (method: string, path: string, body: unknown) => Response | undefined;
}

/** GET/PUT/PATCH/POST of /products/{id}/variations and /attributes, keeping what they write. */
export function stubVariationsApi({ data, user = admin, onWrite }: FakeVariationsApiOptions) {
  const calls: RecordedCall[] = [];
  let current = structuredClone(data);
  const base = `/api/products/${data.product.id}`;
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://localhost').pathname;
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    if (path === '/api/auth/verify') return jsonResponse({ user });
    if (path === '/api/settings') return jsonResponse({ company_name: 'Harbourside', logo_url: '', weight_unit: 'kg', dimension_unit: 'cm' });
    calls.push({ method, path, body });
    if (method !== 'GET') {
      const override = onWrite?.(method, path, body);
      if (override) return override;
    }
    if (path === `${base}/variations` && method === 'GET') return jsonResponse(current);
    if (path === `${base}/attributes` && method === 'PUT') {
      current = { ...current, product: { ...current.product, kind: 'variable' }, attributes: body.attributes.map((a: AttributeInput) => ({ name: a.name, values: a.values, visible: a.visible ?? true, global: a.global ?? false, default_value: a.default_value ?? null })) };
      return jsonResponse({ message: 'Attributes saved', ...current });
    }
    if (path === `${base}/variations` && method === 'PATCH') {
      const changes = new Map<number, Record<string, unknown>>(body.variations.map((v: { id: number }) => [v.id, v]));
      current = { ...current, variations: current.variations.map((v) => ({ ...v, ...(changes.get(v.id) ?? {}) })) };
      return jsonResponse({ message: VARIANT_MESSAGES.saved(changes.size), saved: changes.size });
    }
    if (path === `${base}/variations/generate`) {
      const combos: string[][] = body.values.reduce((all: string[][], values: string[]) => all.flatMap((prefix) => values.map((v) => [...prefix, v])), [[]]);
      const existing = new Set(current.variations.map((v) => JSON.stringify(v.values)));
      const combinations = combos.map((values) => ({ values, sku: `ROPE-${values.join('-').replaceAll(' ', '')}`, exists: existing.has(JSON.stringify(values)) }));
      const fresh = combinations.filter((c) => !c.exists);
      if (body.preview) return jsonResponse({ count: combos.length, creates: fresh.length, combinations, ...(fresh.length > 100 ? { warning: VARIANT_MESSAGES.manyWarning(fresh.length) } : {}) });
      const first = 1000 + current.variations.length;
      current = { ...current, variations: [...current.variations, ...fresh.map((c, i) => variation(first + i, { values: c.values, sku: c.sku, list_price: body.list_price ?? null, stock: body.stock }))] };
      return jsonResponse({ message: VARIANT_MESSAGES.created(fresh.length, 0), created: fresh.length, skipped: combos.length - fresh.length });
    }
    if (path === `${base}/variations/delete`) {
      current = { ...current, variations: current.variations.filter((v) => !body.ids.includes(v.id)) };
      return jsonResponse({ message: VARIANT_MESSAGES.deleted(body.ids.length), deleted: body.ids.length });
    }
    if (path === `${base}/variations/bulk-update`) {
      current = { ...current, variations: current.variations.map((v) => (body.ids.includes(v.id) && typeof body.updateData.list_price === 'number' ? { ...v, list_price: body.updateData.list_price } : v)) };
      return jsonResponse({ message: VARIANT_MESSAGES.updated(body.ids.length), updated: body.ids.length });
    }
    return jsonResponse({ message: 'Product not found', code: 'NOT_FOUND' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const writes = () => calls.filter((c) => c.method !== 'GET');
  return { calls, writes, lastWrite: () => writes().at(-1), current: () => current };
}

/**
 * The screen at /product/{id}/variations inside the app's providers, with a stand-in detail page.
 * happy-dom lays nothing out: the grid's scroll box is given room for 20 rows so rows render.
 */
export function renderVariationsScreen(id: number, user: User = admin) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(20 * 40);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  signIn(user);
  function Screen() {
    return <VariationsView id={id} />;
  }
  return renderRoutes(
    [
      { path: '/product/:id/variations', element: <Screen /> },
      { path: '/product/:id', element: <p>The product page</p> },
    ],
    `/product/${id}/variations`,
  );
}
