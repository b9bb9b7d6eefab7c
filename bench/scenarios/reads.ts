import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { EXPORT_MODES, type ExportMode } from '@bosun/shared';
import type { Catalogue } from '../catalogue/index.js';
import { readBaseline, type Rate } from '../harness/baselines.js';
import { downloadCsv, downloadToFile, getJson, putJson, timedGet, timedGetWithServerTime } from '../harness/http.js';
import { measureClientAndServer, measureLatency, perSecond, watchRss, type LatencySummary } from '../harness/measure.js';
import { withServer } from '../harness/server.js';
import { freshTarget, loadReadTarget, scratchFile, type DbKind } from '../harness/targets.js';
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
}

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
    return {
      products,
      load: { ms: loaded.ms.total, productsPerSecond: loaded.productsPerSecond, categories: loaded.categories, vendors: loaded.vendors },
      ...served,
      readBaseline: baseline,
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
