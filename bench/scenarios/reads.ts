import fs from 'node:fs';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { EXPORT_MODES, type ExportMode } from '@bosun/shared';
import type { Catalogue } from '../catalogue/index.js';
import { readBaseline, type Rate } from '../harness/baselines.js';
import { downloadCsv, downloadToFile, getJson, putJson, timedGet, timedGetWithServerTime } from '../harness/http.js';
import { measureClientAndServer, measureLatency, perSecond, watchRss, type LatencySummary } from '../harness/measure.js';
import { withServer } from '../harness/server.js';
import { freshTarget, loadReadTarget, openMigrated, scratchFile, type DbKind, type DbTarget } from '../harness/targets.js';
import { benchListMix, listQueryMix, type KindFigures } from './list.js';

/**
 * Everything that reads a loaded catalogue, on one database and one server: the HTTP floor
 * (/api/health), the list mix, the category tree and vendor list, and both exports beside a
 * direct read of the same rows.
 */

export interface ExportFigures {
  mode: ExportMode;
  format: 'csv' | 'xlsx';
  rows: number;
  bytes: number;
  ms: number;
  rowsPerSecond: number;
  peakRssMb: number;
  startRssMb: number;
}

export interface ReadFigures {
  products: number;
  load: { ms: number; productsPerSecond: number; categories: number; vendors: number };
  health: LatencySummary;
  /** The server's own time (Server-Timing) for /api/health: the floor of the server-time figures. */
  healthServer: LatencySummary;
  list: KindFigures[];
  categories: LatencySummary & { count: number };
  /** The issue judges the category tree on server time. */
  categoriesServer: LatencySummary;
  /** The same when every read follows a change to the tree's text (a category renamed). */
  categoriesAfterChangeServer: LatencySummary;
  vendors: LatencySummary & { count: number };
  exports: ExportFigures[];
  readBaseline: Rate;
  tagFilter: TagFilterFigures;
}

/**
 * Issue 19's tag filter, measured after every other read figure of the catalogue (the direct read
 * baseline included), so those are taken on the catalogue as loaded: a tag is then given to every
 * TAG_EVERY-th product, a second to every RARE_TAG_EVERY-th, and the list filtered by each is
 * measured beside the plain first page measured in the same step, on the same server.
 */
export interface TagFilterFigures {
  /** Products given each tag. */
  tagged: { common: number; rare: number };
  /** The UPDATE that tagged them (product_tags kept by the triggers, as any write). */
  tagMs: number;
  plain: LatencySummary;
  kinds: KindFigures[];
}
const TAG_EVERY = 10;
const RARE_TAG_EVERY = 1_000;
const COMMON_TAG = 'Bench Tag';
const RARE_TAG = 'Bench Rare';

export async function benchReads(
  kind: DbKind,
  catalogue: Catalogue,
  products: number,
  options: { warmups: number; samples: number; pgUrl?: string; log: (text: string) => void; xlsx?: boolean },
): Promise<ReadFigures> {
  const { log } = options;
  const iterations = { warmups: options.warmups, samples: options.samples };
  const target = await freshTarget(kind, `reads_${products}`, options.pgUrl);
  try {
    log(`loading ${products.toLocaleString('en-US')} products, ${catalogue.categories.length.toLocaleString('en-US')} categories and 500 vendors into ${kind}...`);
    const loaded = await loadReadTarget(target, catalogue, products, log);
    log(`loaded in ${(loaded.ms.total / 1000).toFixed(1)} s (${loaded.productsPerSecond.toLocaleString('en-US')} products/s)`);

    const served = await withServer(target.url, async (server) => {
      const api = `${server.baseUrl}/api`;
      const { client: health, server: healthServer } = await measureClientAndServer(() => timedGetWithServerTime(`${api}/health`), iterations.warmups, iterations.samples);
      log(`  GET /api/health (HTTP floor)                  p50 ${health.p50.toFixed(1).padStart(7)} ms  p95 ${health.p95.toFixed(1).padStart(7)} ms`);

      const tree = await getJson<{ flatCategories: Array<{ id: number; name: string }> }>(`${api}/categories`, server.token);
      const treeTimes = await measureClientAndServer(() => timedGetWithServerTime(`${api}/categories`, server.token), iterations.warmups, iterations.samples);
      const categories = { ...treeTimes.client, count: tree.flatCategories.length };
      const categoriesServer = treeTimes.server;
      log(`  GET /api/categories (${categories.count} nodes)             p50 ${categories.p50.toFixed(1).padStart(7)} ms  p95 ${categories.p95.toFixed(1).padStart(7)} ms`);
      log(`    its server time (Server-Timing)              p50 ${categoriesServer.p50.toFixed(1).padStart(7)} ms  p95 ${categoriesServer.p95.toFixed(1).padStart(7)} ms`);
      // A server reuses the tree's layout until the tree's text changes (categories.service.ts); the
      // first read after a change lays it out again. Each sample renames a category, then reads.
      const renamed = tree.flatCategories[0]!;
      let renames = 0;
      const afterChange = await measureClientAndServer(async () => {
        await putJson(`${api}/categories/${renamed.id}`, { name: `${renamed.name} ${++renames}` }, server.token);
        return timedGetWithServerTime(`${api}/categories`, server.token);
      }, iterations.warmups, iterations.samples);
      await putJson(`${api}/categories/${renamed.id}`, { name: renamed.name }, server.token);
      const categoriesAfterChangeServer = afterChange.server;
      log(`    server time, first read after a change       p50 ${categoriesAfterChangeServer.p50.toFixed(1).padStart(7)} ms  p95 ${categoriesAfterChangeServer.p95.toFixed(1).padStart(7)} ms`);
      const vendorList = await getJson<{ vendors: unknown[] }>(`${api}/vendors`, server.token);
      const vendors = { ...(await measureLatency(() => timedGet(`${api}/vendors`, server.token), iterations.warmups, iterations.samples)), count: vendorList.vendors.length };
      log(`  GET /api/vendors (${vendors.count} vendors)                 p50 ${vendors.p50.toFixed(1).padStart(7)} ms  p95 ${vendors.p95.toFixed(1).padStart(7)} ms`);

      log(`product list mix (${iterations.warmups} warm-ups, ${iterations.samples} samples per kind):`);
      const list = await benchListMix(api, server.token, await listQueryMix(api, server.token, products), iterations, log);

      const exports: ExportFigures[] = [];
      for (const mode of EXPORT_MODES) {
        const watched = await watchRss(server.pid, () => downloadCsv(`${api}/products/export?mode=${mode}`, server.token));
        const rows = watched.result.records - 1;
        if (rows !== products) log(`  WARNING: the ${mode} export has ${rows} rows, expected ${products}`);
        exports.push(logged(exportFigures(mode, 'csv', rows, watched), log));
        if (options.xlsx) exports.push(await benchXlsxExport(api, server, mode, products, log));
      }
      return { health, healthServer, categories, categoriesServer, categoriesAfterChangeServer, vendors, list, exports };
    });

    const baseline = await readBaseline(kind, target.url);
    log(`  direct read baseline: ${baseline.rows.toLocaleString('en-US')} rows in ${baseline.ms} ms = ${baseline.rowsPerSecond.toLocaleString('en-US')} rows/s`);
    const tagFilter = await benchTagFilter(target, iterations, log);
    return {
      products,
      load: { ms: loaded.ms.total, productsPerSecond: loaded.productsPerSecond, categories: loaded.categories, vendors: loaded.vendors },
      ...served,
      readBaseline: baseline,
      tagFilter,
    };
  } finally {
    await target.drop();
  }
}

function exportFigures(mode: ExportMode, format: ExportFigures['format'], rows: number, watched: { result: { bytes: number; ms: number }; peakRssMb: number; startRssMb: number }): ExportFigures {
  return { mode, format, rows, bytes: watched.result.bytes, ms: Math.round(watched.result.ms), rowsPerSecond: perSecond(rows, watched.result.ms), peakRssMb: watched.peakRssMb, startRssMb: watched.startRssMb };
}

function logged(e: ExportFigures, log: (text: string) => void): ExportFigures {
  log(`  export ${e.mode} .${e.format}: ${e.rows.toLocaleString('en-US')} rows, ${(e.bytes / 1e6).toFixed(1)} MB in ${e.ms} ms = ${e.rowsPerSecond.toLocaleString('en-US')} rows/s, peak RSS ${e.peakRssMb} MB`);
  return e;
}

/** Issue 19: the same export as an Excel workbook, written to a file; its rows counted afterwards (untimed) with exceljs's streaming reader. */
async function benchXlsxExport(api: string, server: { pid: number; token: string }, mode: ExportMode, products: number, log: (text: string) => void): Promise<ExportFigures> {
  const file = scratchFile(`export-${mode}.xlsx`);
  try {
    const watched = await watchRss(server.pid, () => downloadToFile(`${api}/products/export?mode=${mode}&format=xlsx`, server.token, file));
    const rows = (await xlsxRowCount(file)) - 1;
    if (rows !== products) log(`  WARNING: the ${mode} .xlsx export has ${rows} rows, expected ${products}`);
    return logged(exportFigures(mode, 'xlsx', rows, watched), log);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

async function xlsxRowCount(file: string): Promise<number> {
  let rows = 0;
  for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore', worksheets: 'emit' })) {
    for await (const _row of sheet) rows += 1;
    break;
  }
  return rows;
}

/** The tag step (TagFilterFigures): tags given with one UPDATE, then the list by tag beside the plain first page, on a server of its own. */
async function benchTagFilter(target: DbTarget, iterations: { warmups: number; samples: number }, log: (text: string) => void): Promise<TagFilterFigures> {
  const database = await openMigrated(target);
  let tagMs: number;
  try {
    const started = performance.now();
    // Listed products only: a variation has no tags of its own (its parent's are listed).
    await sql`update products set tags = case when id % ${RARE_TAG_EVERY} = 0 then ${JSON.stringify([COMMON_TAG, RARE_TAG])} else ${JSON.stringify([COMMON_TAG])} end
      where parent_id is null and id % ${TAG_EVERY} = 0`.execute(database.db);
    tagMs = Math.round(performance.now() - started);
    // As after the load (loadReadTarget): PostgreSQL's statistics and visibility map settled, not waiting on autovacuum.
    if (database.dialect === 'postgres') await sql`vacuum analyze products, product_tags`.execute(database.db);
  } finally {
    await database.close();
  }
  return withServer(target.url, async (server) => {
    const api = `${server.baseUrl}/api`;
    const count = async (query: string) => (await getJson<{ pagination: { total: number } }>(`${api}/products?${query}`, server.token)).pagination.total;
    const tagged = { common: await count(`tags=${encodeURIComponent(COMMON_TAG)}`), rare: await count(`tags=${encodeURIComponent(RARE_TAG)}`) };
    log(`tag filter: ${tagged.common.toLocaleString('en-US')} products tagged '${COMMON_TAG}' and ${tagged.rare.toLocaleString('en-US')} '${RARE_TAG}' in ${tagMs} ms (one UPDATE)`);
    const [plain, ...kinds] = await benchListMix(
      api,
      server.token,
      [
        { name: 'plain first page (beside the tag filter)', query: 'page=1&limit=20' },
        { name: `tag '${COMMON_TAG}' (1 in ${TAG_EVERY})`, query: `tags=${encodeURIComponent(COMMON_TAG)}` },
        { name: `tag '${RARE_TAG}' (1 in ${RARE_TAG_EVERY})`, query: `tags=${encodeURIComponent(RARE_TAG)}` },
        // Lower case: the filter folds ASCII case.
        { name: 'either tag, lower case', query: `tags=${encodeURIComponent(COMMON_TAG.toLowerCase())}&tags=${encodeURIComponent(RARE_TAG.toLowerCase())}` },
      ],
      iterations,
      log,
    );
    return { tagged, tagMs, plain: plain!, kinds };
  });
}
