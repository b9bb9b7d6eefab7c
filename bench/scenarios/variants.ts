import type { Catalogue } from '../catalogue/index.js';
import { getJson, postJson, putJson, timedGet, timedSend } from '../harness/http.js';
import { measureLatency, timeIt, type LatencySummary } from '../harness/measure.js';
import { withServer } from '../harness/server.js';
import { freshTarget, loadReadTarget, type DbKind } from '../harness/targets.js';
import { benchListMix, type KindFigures, type QueryKind } from './list.js';

/**
 * Issue 18's reads with variants, on a catalogue of the same row count as the simple-only one the
 * same run measured, `variationShare` of its rows variations:
 * - the simple-only run's list mix and search, the very same queries;
 * - the variations screen's server side: GET /api/products/:id/variations of a product with
 *   VARIATIONS_SCREEN_SIZE variations (made through the API: attributes, then generate), and
 *   PATCH /api/products/:id/variations saving SAVED_ROWS edited rows (a changed price and stock
 *   each), beside GET and PUT /api/products/:id of a simple product, measured the same way.
 */

/** The figures: a 2,048-variation product (MAX_VARIATIONS), 500 rows saved at once. */
export const VARIATIONS_SCREEN_SIZE = { diameters: 32, lengths: 64 } as const;
export const SAVED_ROWS = 500;

export interface VariationsScreenFigures {
  variations: number;
  /** POST .../variations/generate making them all, once. */
  generateMs: number;
  get: LatencySummary;
  getBytes: number;
  /** GET /api/products/:id of a simple product. */
  getSimple: LatencySummary;
  patch: LatencySummary;
  savedRows: number;
  /** PUT /api/products/:id of a simple product changing its price and stock. */
  putSimple: LatencySummary;
}

export interface VariantReadFigures {
  /** Every product row: listed products and variations. */
  rows: number;
  listed: number;
  variableProducts: number;
  variations: number;
  load: { ms: number; rowsPerSecond: number };
  health: LatencySummary;
  list: KindFigures[];
  screen: VariationsScreenFigures;
}

interface ListAnswer {
  products: Array<{ id: number; kind: string; sku: string }>;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

async function benchVariationsScreen(
  api: string,
  token: string,
  iterations: { warmups: number; samples: number },
  log: (text: string) => void,
): Promise<VariationsScreenFigures> {
  const { products } = await getJson<ListAnswer>(`${api}/products?page=1&limit=50`, token);
  const simple = products.filter((p) => p.kind === 'simple');
  if (simple.length < 2) throw new Error('the catalogue has fewer than two simple products on its first page');
  const [parent, other] = simple;
  const attributes = [
    { name: 'Diameter', values: Array.from({ length: VARIATIONS_SCREEN_SIZE.diameters }, (_, i) => `${(i + 2) * 0.5} mm`) },
    { name: 'Length', values: Array.from({ length: VARIATIONS_SCREEN_SIZE.lengths }, (_, i) => `${(i + 1) * 5} m`) },
  ];
  await putJson(`${api}/products/${parent.id}/attributes`, { attributes }, token);
  const generated = await timeIt(() =>
    postJson<{ created: number }>(
      `${api}/products/${parent.id}/variations/generate`,
      { values: attributes.map((a) => a.values), sku_pattern: '{sku}-{Diameter}-{Length}', list_price: 24.99, stock: 5 },
      token,
    ),
  );
  const variations = generated.result.created;
  log(`  generated ${variations.toLocaleString('en-US')} variations of product ${parent.id} in ${Math.round(generated.ms)} ms`);

  const screenUrl = `${api}/products/${parent.id}/variations`;
  const screen = await getJson<{ variations: Array<{ id: number }> }>(screenUrl, token);
  const getBytes = Buffer.byteLength(JSON.stringify(screen));
  const get = await measureLatency(() => timedGet(screenUrl, token), iterations.warmups, iterations.samples);
  const getSimple = await measureLatency(() => timedGet(`${api}/products/${other.id}`, token), iterations.warmups, iterations.samples);
  log(`  GET .../variations (${variations} variations)        p50 ${get.p50.toFixed(1).padStart(7)} ms  p95 ${get.p95.toFixed(1).padStart(7)} ms`);
  log(`  GET /api/products/:id (simple)                 p50 ${getSimple.p50.toFixed(1).padStart(7)} ms  p95 ${getSimple.p95.toFixed(1).padStart(7)} ms`);

  // Every save changes each of its rows (a new price and stock), as the grid sends only changed rows.
  const edited = screen.variations.slice(0, SAVED_ROWS).map((v) => v.id);
  let save = 0;
  const patch = await measureLatency(() => {
    save += 1;
    const rows = edited.map((id, i) => ({ id, list_price: round2(20 + (save % 50) + i / 100), stock: (save + i) % 40 }));
    return timedSend('PATCH', screenUrl, { variations: rows }, token);
  }, iterations.warmups, iterations.samples);
  let put = 0;
  const putSimple = await measureLatency(() => {
    put += 1;
    return timedSend('PUT', `${api}/products/${other.id}`, { list_price: round2(20 + (put % 50)), stock: put % 40 }, token);
  }, iterations.warmups, iterations.samples);
  log(`  PATCH .../variations (${edited.length} rows)              p50 ${patch.p50.toFixed(1).padStart(7)} ms  p95 ${patch.p95.toFixed(1).padStart(7)} ms`);
  log(`  PUT /api/products/:id (simple)                 p50 ${putSimple.p50.toFixed(1).padStart(7)} ms  p95 ${putSimple.p95.toFixed(1).padStart(7)} ms`);
  return { variations, generateMs: Math.round(generated.ms), get, getBytes, getSimple, patch, savedRows: edited.length, putSimple };
}

export async function benchVariantReads(
  kind: DbKind,
  catalogue: Catalogue,
  rows: number,
  variationShare: number,
  kinds: QueryKind[],
  options: { warmups: number; samples: number; pgUrl?: string; log: (text: string) => void },
): Promise<VariantReadFigures> {
  const { log } = options;
  const iterations = { warmups: options.warmups, samples: options.samples };
  const target = await freshTarget(kind, `variant_reads_${rows}`, options.pgUrl);
  try {
    const variationRows = Math.round(rows * variationShare);
    log(`loading ${rows.toLocaleString('en-US')} rows, about ${variationRows.toLocaleString('en-US')} of them variations, into ${kind}...`);
    const loaded = await loadReadTarget(target, catalogue, rows, log, variationRows);
    log(
      `loaded ${loaded.products.toLocaleString('en-US')} products (${loaded.variableProducts.toLocaleString('en-US')} variable) and ` +
        `${loaded.variations.toLocaleString('en-US')} variations in ${(loaded.ms.total / 1000).toFixed(1)} s (${loaded.productsPerSecond.toLocaleString('en-US')} rows/s)`,
    );
    return await withServer(target.url, async (server) => {
      const api = `${server.baseUrl}/api`;
      const health = await measureLatency(() => timedGet(`${api}/health`), iterations.warmups, iterations.samples);
      log(`  GET /api/health (HTTP floor)                  p50 ${health.p50.toFixed(1).padStart(7)} ms  p95 ${health.p95.toFixed(1).padStart(7)} ms`);
      log(`product list mix with variants, the simple-only run's queries (${iterations.warmups} warm-ups, ${iterations.samples} samples per kind):`);
      const list = await benchListMix(api, server.token, kinds, iterations, log);
      log('the variations screen:');
      const screen = await benchVariationsScreen(api, server.token, iterations, log);
      return {
        rows,
        listed: loaded.products,
        variableProducts: loaded.variableProducts,
        variations: loaded.variations,
        load: { ms: loaded.ms.total, rowsPerSecond: loaded.productsPerSecond },
        health,
        list,
        screen,
      };
    });
  } finally {
    await target.drop();
  }
}
