import fs from 'node:fs';
import type { ChangeListResponse, ProductHistoryResponse } from '@bosun/shared';
import type { Catalogue, ProductSeed } from '../catalogue/index.js';
import { importMapping, writeImportCsv } from '../harness/catalogue-rows.js';
import { diskBytes, seedHistory, switchHistoryRecordingOff, timeHistoryPageSql, type DiskBytes, type SeededHistory } from '../harness/history-db.js';
import { getJson, postJson, putJson, timedGet } from '../harness/http.js';
import { measureLatency, timeIt, type LatencySummary } from '../harness/measure.js';
import { BENCH_LOGIN, withServer, type ServerHandle } from '../harness/server.js';
import { freshTarget, openMigrated, scratchFile, type DbKind, type DbTarget } from '../harness/targets.js';
import { importThrough, type ImportFigures } from './import.js';

/**
 * The change history's cost (issue 20), each figure beside the same run's figure with recording
 * off: the same steps on two databases, one as the app is and one whose history triggers are
 * switched off (in the bench's database only):
 * - an ultra-fast import creating `rows` products, then one updating all of them (a price and a
 *   stock change each; the history's size on disk before and after each);
 * - a bulk edit of every product (list price +10%, by filter);
 * then, on the recording database only: an import of which half the rows update stored products
 * and half create new ones, and its undo; and the History tab of one product (~50 entries) once
 * product_changes holds `historyEntries` rows.
 */

export interface HistoryPlan {
  rows: number;
  /** product_changes rows in the database when the History tab is timed. */
  historyEntries: number;
  /** Entries of the product whose History tab is timed. */
  productEntries: number;
  warmups: number;
  samples: number;
}

export interface BulkEditFigures {
  ms: number;
  updated: number;
}

export interface RecordingPass {
  recording: boolean;
  create: ImportFigures;
  update: ImportFigures;
  bulkEdit: BulkEditFigures;
  disk: { start: DiskBytes; afterCreate: DiskBytes; afterUpdate: DiskBytes; afterBulkEdit: DiskBytes };
}

export interface UndoFigures {
  /** The import undone: half its rows updated stored products, half created new ones. */
  import: ImportFigures;
  changeId: number;
  /** The dry run (GET /api/changes/:id/undo). */
  previewMs: number;
  ms: number;
  deleted: number;
  reverted: number;
  skipped: number;
  productsAfter: number;
}

export interface HistoryTabFigures extends Omit<SeededHistory, 'ms'> {
  seedMs: number;
  /** GET /api/products/:id/history, the first page (20 entries). */
  page: LatencySummary;
  /** GET /api/products/:id of the same product. */
  product: LatencySummary;
  /** The page's queries alone, in the bench's process. */
  sqlPage: LatencySummary;
}

export interface HistoryFigures {
  rows: number;
  on: RecordingPass;
  off: RecordingPass;
  undo: UndoFigures;
  tab: HistoryTabFigures;
}

/** The update files' change: list price +10%, stock +5. */
const revised = (p: ProductSeed): ProductSeed => ({ ...p, list_price: Math.round(p.list_price * 110) / 100, stock: p.stock + 5 });

interface HistoryFiles {
  create: string;
  update: string;
  /** Rows rows/2 .. rows*3/2, revised: the first half updates stored products, the second creates. */
  mixed: string;
}

function historyFiles(catalogue: Catalogue, rows: number, log: (text: string) => void): HistoryFiles {
  const files = { create: scratchFile(`import-${rows}.csv`), update: scratchFile(`history-update-${rows}.csv`), mixed: scratchFile(`history-mixed-${rows}.csv`) };
  const write = (file: string, options: Parameters<typeof writeImportCsv>[3]) => {
    if (fs.existsSync(file)) return;
    log(`wrote ${rows.toLocaleString('en-US')}-row file ${file.split('/').at(-1)} (${(writeImportCsv(catalogue, rows, file, options) / 1e6).toFixed(1)} MB)`);
  };
  write(files.create, {});
  write(files.update, { revise: revised });
  write(files.mixed, { start: Math.floor(rows / 2), revise: revised });
  return files;
}

/** A fresh database (its history triggers switched off unless recording), a server on it and one vendor. */
async function withHistoryServer<T>(
  kind: DbKind,
  recording: boolean,
  pgUrl: string | undefined,
  fn: (api: string, server: ServerHandle, target: DbTarget, vendorId: number) => Promise<T>,
): Promise<T> {
  const target = await freshTarget(kind, `history_${recording ? 'on' : 'off'}`, pgUrl);
  try {
    await (await openMigrated(target)).close();
    if (!recording) await switchHistoryRecordingOff(target);
    return await withServer(target.url, async (server) => {
      const api = `${server.baseUrl}/api`;
      const { vendor } = await postJson<{ vendor: { id: number } }>(`${api}/vendors`, { name: 'Bench History Vendor' }, server.token);
      return fn(api, server, target, vendor.id);
    });
  } finally {
    await target.drop();
  }
}

const importFields = (vendorId: number, updateMode: boolean) => ({ fieldMapping: JSON.stringify(importMapping()), updateMode: String(updateMode), selectedVendor: String(vendorId) });

async function bulkEdit(api: string, token: string, vendorId: number): Promise<BulkEditFigures> {
  const body = { filter: { vendor_id: vendorId }, updateData: { list_price: { op: 'increase', by: 'percent', value: 10 } } };
  const { result, ms } = await timeIt(() => putJson<{ updated: number }>(`${api}/products/bulk/update`, body, token));
  return { ms: Math.round(ms), updated: result.updated };
}

/** The steps both databases take: import (create), import (update), bulk edit; the disk before and after each. */
async function recordingPass(
  api: string,
  server: ServerHandle,
  target: DbTarget,
  vendorId: number,
  recording: boolean,
  files: HistoryFiles,
  rows: number,
  log: (text: string) => void,
): Promise<RecordingPass> {
  const label = `recording ${recording ? 'on' : 'off'}`;
  const start = await diskBytes(target);
  const create = await importThrough(api, server, importFields(vendorId, false), 'ultra-fast', files.create, rows, log);
  log(`  ${label}: import ultra-fast creating ${rows.toLocaleString('en-US')} rows: ${create.rowsPerSecond.toLocaleString('en-US')} rows/s (${create.ms} ms)`);
  const afterCreate = await diskBytes(target);
  const update = await importThrough(api, server, importFields(vendorId, true), 'ultra-fast', files.update, rows, log);
  log(`  ${label}: import ultra-fast updating ${rows.toLocaleString('en-US')} rows: ${update.rowsPerSecond.toLocaleString('en-US')} rows/s (${update.ms} ms)`);
  const afterUpdate = await diskBytes(target);
  const edit = await bulkEdit(api, server.token, vendorId);
  if (edit.updated !== rows) log(`  WARNING: the bulk edit updated ${edit.updated} of ${rows} products`);
  log(`  ${label}: bulk edit of ${edit.updated.toLocaleString('en-US')} products (list price +10%): ${edit.ms} ms`);
  const afterBulkEdit = await diskBytes(target);
  return { recording, create, update, bulkEdit: edit, disk: { start, afterCreate, afterUpdate, afterBulkEdit } };
}

/** The import of the mixed file, found in the recorded changes, then its dry run and its undo, timed. */
async function undoImport(api: string, server: ServerHandle, vendorId: number, files: HistoryFiles, rows: number, log: (text: string) => void): Promise<UndoFigures> {
  const imported = await importThrough(api, server, importFields(vendorId, true), 'ultra-fast', files.mixed, rows, log);
  log(`  import of ${imported.updated.toLocaleString('en-US')} updated and ${imported.imported.toLocaleString('en-US')} created rows: ${imported.ms} ms`);
  const { changes } = await getJson<ChangeListResponse>(`${api}/changes?source=import&limit=1`, server.token);
  const change = changes[0];
  if (!change || change.created + change.updated !== rows) {
    throw new Error(`the import's recorded change was not found (newest import change: ${JSON.stringify(change ?? null)})`);
  }
  const preview = await timeIt(() => getJson<{ toDelete: number; toRevert: number; conflictCount: number }>(`${api}/changes/${change.id}/undo`, server.token));
  log(`  undo dry run: ${Math.round(preview.ms)} ms (${preview.result.toDelete} to delete, ${preview.result.toRevert} to put back, ${preview.result.conflictCount} conflicts)`);
  const undo = await timeIt(() => postJson<{ deleted: number; reverted: number; skipped: number }>(`${api}/changes/${change.id}/undo`, { conflicts: 'skip' }, server.token));
  const list = await getJson<{ pagination: { total: number } }>(`${api}/products?limit=1`, server.token);
  log(`  undo: ${Math.round(undo.ms)} ms (${undo.result.deleted} deleted, ${undo.result.reverted} put back, ${undo.result.skipped} skipped; ${list.pagination.total} products after)`);
  return {
    import: imported,
    changeId: change.id,
    previewMs: Math.round(preview.ms),
    ms: Math.round(undo.ms),
    deleted: undo.result.deleted,
    reverted: undo.result.reverted,
    skipped: undo.result.skipped,
    productsAfter: list.pagination.total,
  };
}

/**
 * product_changes filled up to plan.historyEntries, then one product's History tab (its first
 * page through the API) timed beside GET of the product itself, and the page's SQL alone.
 */
async function historyTab(api: string, server: ServerHandle, target: DbTarget, plan: HistoryPlan, log: (text: string) => void): Promise<HistoryTabFigures> {
  const { ms: seedMs, ...seeded } = await seedHistory(target, plan.historyEntries, plan.productEntries, BENCH_LOGIN.username);
  log(`  history filled to ${seeded.entries.toLocaleString('en-US')} entries in ${(seedMs / 1000).toFixed(1)} s; product ${seeded.productId} has ${seeded.productEntries}`);
  // Cheap calls: more samples than the list's, for a steadier p95.
  const samples = plan.samples * 5;
  const url = `${api}/products/${seeded.productId}`;
  const first = await getJson<ProductHistoryResponse>(`${url}/history`, server.token);
  if (first.entries.length !== Math.min(20, seeded.productEntries) || first.pagination.total !== seeded.productEntries) {
    throw new Error(`the History tab answered ${first.entries.length} entries of ${first.pagination.total}, expected the first 20 of ${seeded.productEntries}`);
  }
  const page = await measureLatency(() => timedGet(`${url}/history`, server.token), plan.warmups, samples);
  const product = await measureLatency(() => timedGet(url, server.token), plan.warmups, samples);
  const sql = await timeHistoryPageSql(target, seeded.productId, plan.warmups, samples);
  log(`  GET /api/products/:id/history (first page): p50 ${page.p50} ms, p95 ${page.p95} ms; GET /api/products/:id p95 ${product.p95} ms; the page's SQL alone p95 ${sql.page.p95} ms`);
  return { ...seeded, seedMs, page, product, sqlPage: sql.page };
}

export async function benchHistory(
  kind: DbKind,
  catalogue: Catalogue,
  plan: HistoryPlan,
  options: { pgUrl?: string; log: (text: string) => void },
): Promise<HistoryFigures> {
  const { log } = options;
  const files = historyFiles(catalogue, plan.rows, log);
  log('history recording off (its triggers switched off in this database):');
  const off = await withHistoryServer(kind, false, options.pgUrl, (api, server, target, vendorId) => recordingPass(api, server, target, vendorId, false, files, plan.rows, log));
  log('history recording on (the app as it is):');
  return withHistoryServer(kind, true, options.pgUrl, async (api, server, target, vendorId) => {
    const on = await recordingPass(api, server, target, vendorId, true, files, plan.rows, log);
    const undo = await undoImport(api, server, vendorId, files, plan.rows, log);
    const tab = await historyTab(api, server, target, plan, log);
    return { rows: plan.rows, on, off, undo, tab };
  });
}
