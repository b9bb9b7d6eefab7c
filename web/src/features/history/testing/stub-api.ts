/** Test support: fetch answered by a table of handlers, every call recorded. */
import { vi } from 'vitest';
import { jsonResponse, signIn } from '../../../test/render';
import { admin } from '../../../test/users';

export interface StubCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** Answers `METHOD /path` (the path under /api, a RegExp or exact text); the rest is 404. */
export type Route = [method: string, path: string | RegExp, answer: (call: StubCall) => unknown];

export function stubApi(routes: Route[]) {
  const calls: StubCall[] = [];
  signIn(admin);
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const parsed = new URL(url, 'http://localhost');
    const call: StubCall = {
      method: init.method ?? 'GET',
      path: parsed.pathname.replace(/^\/api/, ''),
      query: parsed.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    if (call.path === '/auth/verify') return jsonResponse({ user: admin });
    if (call.path === '/settings') return jsonResponse({ company_name: 'Harbourside', logo_url: '', weight_unit: 'kg', dimension_unit: 'cm' });
    for (const [method, path, answer] of routes) {
      if (method !== call.method) continue;
      if (typeof path === 'string' ? path === call.path : path.test(call.path)) {
        const result = answer(call);
        return result instanceof Response ? result : jsonResponse(result);
      }
    }
    return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}

export const pagination = (total: number, page = 1, limit = 20) => ({ page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) });
