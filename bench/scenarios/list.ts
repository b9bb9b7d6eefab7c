import { SORTABLE_COLUMNS, type AdvancedFilterRow } from '@bosun/shared';
import { getJson, timedGet } from '../harness/http.js';
import { measureLatency, type LatencySummary } from '../harness/measure.js';

/**
 * The product list's fixed query mix (issue 5): plain and deep pages, every sort both ways,
 * vendor and category filters (a root category, so its subcategories count), stock and status,
 * search with a long and a two-letter term, and three advanced-filter combinations.
 */

export interface QueryKind {
  name: string;
  query: string;
}

export interface KindFigures extends LatencySummary {
  name: string;
  query: string;
  /** pagination.total of the answer: how many products the query matched. */
  matched: number;
}

interface FlatCategory {
  id: number;
  type: 'vendor' | 'store';
  level: number;
  product_count: number;
}

const SEARCH_WORD = 'anchor';
const SEARCH_SHORT = 'qt';
const SKU_PREFIX = 'LEW';

const advanced = (rows: AdvancedFilterRow[]) => `advanced_filters=${encodeURIComponent(JSON.stringify(rows))}`;

/** The busiest root of a tree: the widest subtree expansion the filter has to make. */
function busiestRoot(categories: FlatCategory[], type: 'vendor' | 'store'): FlatCategory {
  const roots = categories.filter((c) => c.type === type && c.level === 1).sort((a, b) => b.product_count - a.product_count);
  if (!roots.length) throw new Error(`no root ${type} category`);
  return roots[0];
}

export async function listQueryMix(api: string, token: string, products: number): Promise<QueryKind[]> {
  const { flatCategories } = await getJson<{ flatCategories: FlatCategory[] }>(`${api}/categories`, token);
  const { vendors } = await getJson<{ vendors: Array<{ id: number; product_count: number }> }>(`${api}/vendors`, token);
  const vendor = [...vendors].sort((a, b) => b.product_count - a.product_count)[0];
  const vendorRoot = busiestRoot(flatCategories, 'vendor');
  const storeRoot = busiestRoot(flatCategories, 'store');
  // Page 2000 of 20 at 100k products: 40% of the way down, whatever the size.
  const deepPage = Math.max(2, Math.round((products * 0.4) / 20));
  const kinds: QueryKind[] = [
    { name: 'plain first page', query: 'page=1&limit=20' },
    { name: `deep page ${deepPage}`, query: `page=${deepPage}&limit=20` },
  ];
  // The completeness sort is measured by the quality section, beside the same run's plain page and the queues.
  for (const column of SORTABLE_COLUMNS.filter((c) => c !== 'completeness')) {
    for (const order of ['asc', 'desc']) kinds.push({ name: `sort ${column} ${order}`, query: `sort=${column}&order=${order}` });
  }
  kinds.push(
    { name: 'vendor filter', query: `vendor_id=${vendor.id}` },
    { name: 'vendor category (root)', query: `vendor_category_ids=${vendorRoot.id}` },
    { name: 'store category (root)', query: `store_category_ids=${storeRoot.id}` },
    { name: 'stock in_stock', query: 'stock_status=in_stock' },
    { name: 'stock out_of_stock', query: 'stock_status=out_of_stock' },
    { name: 'published true', query: 'published=true' },
    { name: 'published false', query: 'published=false' },
    { name: `search '${SEARCH_WORD}'`, query: `search=${SEARCH_WORD}` },
    { name: `search '${SEARCH_SHORT}'`, query: `search=${SEARCH_SHORT}` },
    {
      name: 'adv: name contains + list_price between',
      query: advanced([
        { column: 'name', operator: 'contains', value: SEARCH_WORD },
        { column: 'list_price', operator: 'between', value: 20, value2: 200 },
      ]),
    },
    {
      name: 'adv: created_at this year + published',
      query: advanced([
        { column: 'created_at', operator: 'is_this_year' },
        { column: 'published', operator: 'is_true' },
      ]),
    },
    {
      name: 'adv: stock > 10 + sku starts_with',
      query: advanced([
        { column: 'stock', operator: 'greater_than', value: 10 },
        { column: 'sku', operator: 'starts_with', value: SKU_PREFIX },
      ]),
    },
  );
  return kinds;
}

/** Each kind in turn: one answer read for its count (the first warm-up), the other warm-ups, then the samples. */
export async function benchListMix(
  api: string,
  token: string,
  kinds: QueryKind[],
  iterations: { warmups: number; samples: number },
  log: (text: string) => void,
): Promise<KindFigures[]> {
  const figures: KindFigures[] = [];
  for (const kind of kinds) {
    const url = `${api}/products?${kind.query}`;
    const first = await getJson<{ pagination: { total: number } }>(url, token);
    const summary = await measureLatency(() => timedGet(url, token), Math.max(0, iterations.warmups - 1), iterations.samples);
    figures.push({ name: kind.name, query: kind.query, matched: first.pagination.total, ...summary });
    log(`  ${kind.name.padEnd(44)} p50 ${summary.p50.toFixed(1).padStart(7)} ms  p95 ${summary.p95.toFixed(1).padStart(7)} ms  (${first.pagination.total.toLocaleString('en-US')} matched)`);
  }
  return figures;
}
