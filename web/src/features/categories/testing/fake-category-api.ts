import { buildCategoryTree, plural, type Category } from '@bosun/shared';
import { vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { HARKEN, LEWMAR } from './category-fixtures';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * A stand-in for the categories API over an in-memory list: answers the reads, records every call and
 * applies deletes, so a test sees the list the screen would get after a change.
 */
export function fakeCategoryApi(initial: Category[]) {
  let flat = [...initial];
  const calls: RecordedCall[] = [];
  const overrides: ((call: RecordedCall) => Response | Promise<Response> | undefined)[] = [];

  const removeSubtrees = (ids: number[]) => {
    const doomed = new Set(ids);
    let grew = true;
    while (grew) {
      grew = false;
      for (const c of flat) if (c.parent_id !== null && doomed.has(c.parent_id) && !doomed.has(c.id)) (doomed.add(c.id), (grew = true));
    }
    flat = flat.filter((c) => !doomed.has(c.id));
    return doomed.size;
  };

  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = url.split('?')[0]!;
    const call = { method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    for (const override of overrides) {
      const answer = override(call);
      if (answer) return answer;
    }
    if (method === 'GET' && path === '/api/categories') return jsonResponse({ categories: buildCategoryTree(flat), flatCategories: flat });
    if (method === 'GET' && path === '/api/vendors/names') {
      return jsonResponse({ vendors: [{ ...HARKEN, product_count: 40 }, { ...LEWMAR, product_count: 9 }] });
    }
    if (method === 'DELETE' && path === '/api/categories/bulk-delete') {
      const deleted = removeSubtrees((call.body as { categoryIds: number[] }).categoryIds);
      return jsonResponse({ message: `${plural(deleted, 'category', 'categories')} deleted successfully`, deleted });
    }
    const one = path.match(/^\/api\/categories\/(\d+)$/);
    if (method === 'DELETE' && one) {
      removeSubtrees([Number(one[1])]);
      return jsonResponse({ message: 'Category deleted successfully' });
    }
    if (method === 'PUT' && one) {
      const existing = flat.find((c) => c.id === Number(one[1]))!;
      return jsonResponse({ category: { ...existing, ...(call.body as object) } });
    }
    if (method === 'POST' && path === '/api/categories') {
      return jsonResponse({ category: { ...flat[0], id: 999, ...(call.body as object) } }, { status: 201 });
    }
    if (method === 'POST' && path === '/api/categories/merge') {
      const { sourceCategoryId, targetCategoryId } = call.body as { sourceCategoryId: number; targetCategoryId: number };
      const source = flat.find((c) => c.id === sourceCategoryId)!;
      const target = flat.find((c) => c.id === targetCategoryId)!;
      flat = flat.filter((c) => c.id !== sourceCategoryId).map((c) => (c.parent_id === sourceCategoryId ? { ...c, parent_id: targetCategoryId } : c));
      return jsonResponse({ message: `Merged "${source.name}" into "${target.name}"` });
    }
    return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
  });

  return {
    fetchMock,
    calls,
    /** Calls of one method and path. */
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    /** Answers matching calls differently (first match wins), e.g. to fail a request. */
    override: (handler: (call: RecordedCall) => Response | Promise<Response> | undefined) => overrides.push(handler),
  };
}
