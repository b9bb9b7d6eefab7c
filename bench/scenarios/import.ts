import type { FieldMapping, ImportCompleteEvent, ImportEvent, ImportMode, ImportPreviewResponse } from '@bosun/shared';
import { importMapping } from '../harness/catalogue-rows.js';
import { getJson, postJson, postMultipart, sseParser } from '../harness/http.js';
import { perSecond, timeIt, watchRss } from '../harness/measure.js';
import { withServer, type ServerHandle } from '../harness/server.js';
import { freshTarget, type DbKind } from '../harness/targets.js';

/**
 * One import through the API into an empty products table: a fresh database and server per run,
 * a vendor made through POST /api/vendors, then the file uploaded to /api/products/import/{mode}
 * while the server's RSS is sampled. The dry-run preview gets a fresh server of its own too, so
 * that neither run's peak RSS carries the other's.
 */

export interface ImportFigures {
  mode: ImportMode;
  rows: number;
  /** Upload to 'complete' event, as the client sees it. */
  ms: number;
  rowsPerSecond: number;
  /** What the complete event reports (the server's own clock, after the upload was spooled). */
  serverMs: number;
  serverRowsPerSecond: number;
  peakRssMb: number;
  startRssMb: number;
  /** Rows created. */
  imported: number;
  /** Rows that updated a stored product. */
  updated: number;
  errorCount: number;
  progressEvents: number;
  productsAfter: number;
}

export interface PreviewFigures {
  rows: number;
  ms: number;
  peakRssMb: number;
  startRssMb: number;
  valid: number;
  create: number;
  errorCount: number;
  newCategories: number;
}

/** A fresh database and server with one vendor; fn gets the API root, the server, and the import form's fields. */
export async function withImportServer<T>(
  kind: DbKind,
  label: string,
  pgUrl: string | undefined,
  fn: (api: string, server: ServerHandle, fields: Record<string, string>) => Promise<T>,
  mapping: FieldMapping = importMapping(),
): Promise<T> {
  const target = await freshTarget(kind, label, pgUrl);
  try {
    return await withServer(target.url, async (server) => {
      const api = `${server.baseUrl}/api`;
      const { vendor } = await postJson<{ vendor: { id: number } }>(`${api}/vendors`, { name: 'Bench Import Vendor' }, server.token);
      const fields = { fieldMapping: JSON.stringify(mapping), updateMode: 'false', selectedVendor: String(vendor.id) };
      return fn(api, server, fields);
    });
  } finally {
    await target.drop();
  }
}

export function benchPreview(kind: DbKind, file: string, rows: number, options: { pgUrl?: string; log: (text: string) => void }): Promise<PreviewFigures> {
  return withImportServer(kind, `preview_${rows}`, options.pgUrl, async (api, server, fields) => {
    const watched = await watchRss(server.pid, () => timeIt(() => postMultipart(`${api}/products/import/preview`, server.token, fields, file)));
    const { dryRun } = JSON.parse(watched.result.result.body.toString()) as ImportPreviewResponse;
    if (dryRun.valid !== rows) options.log(`  WARNING: the preview found ${dryRun.valid} valid rows of ${rows} (${dryRun.errorCount} errors)`);
    return {
      rows,
      ms: Math.round(watched.result.ms),
      peakRssMb: watched.peakRssMb,
      startRssMb: watched.startRssMb,
      valid: dryRun.valid,
      create: dryRun.create,
      errorCount: dryRun.errorCount,
      newCategories: dryRun.newCategories,
    };
  });
}

/** `mapping`: the file's columns to fields; by default the plain import file's (importMapping). */
export function benchImport(
  kind: DbKind,
  mode: ImportMode,
  file: string,
  rows: number,
  options: { pgUrl?: string; log: (text: string) => void; mapping?: FieldMapping; label?: string },
): Promise<ImportFigures> {
  return withImportServer(
    kind,
    `${options.label ?? 'import'}_${mode}_${rows}`,
    options.pgUrl,
    (api, server, fields) => importThrough(api, server, fields, mode, file, rows, options.log),
    options.mapping,
  );
}

/**
 * One import of `file` through a running server's API, timed from the upload to the 'complete'
 * event while the server's RSS is sampled. `rows`: the rows the file should write (a shortfall is logged).
 */
export async function importThrough(
  api: string,
  server: ServerHandle,
  fields: Record<string, string>,
  mode: ImportMode,
  file: string,
  rows: number,
  log: (text: string) => void,
): Promise<ImportFigures> {
  let complete: ImportCompleteEvent | undefined;
  let failure: string | undefined;
  let progressEvents = 0;
  let lastLog = Date.now();
  const onEvent = (event: ImportEvent) => {
    if (event.type === 'complete') complete = event;
    else if (event.type === 'error') failure = event.message;
    else {
      progressEvents += 1;
      if (Date.now() - lastLog > 5_000) {
        lastLog = Date.now();
        log(`  ${mode}: ${event.current.toLocaleString('en-US')} / ${event.total.toLocaleString('en-US')} rows, ${event.processingRate.toLocaleString('en-US')} rows/s`);
      }
    }
  };
  const watched = await watchRss(server.pid, () => timeIt(() => postMultipart(`${api}/products/import/${mode}`, server.token, fields, file, sseParser(onEvent))));
  if (failure || !complete) throw new Error(`${mode} import failed: ${failure ?? 'no complete event'}`);
  const written = complete.imported + complete.updated;
  if (written !== rows || complete.errorCount) {
    log(`  WARNING: ${mode} wrote ${written} of ${rows} rows (${complete.imported} created, ${complete.updated} updated) with ${complete.errorCount} errors: ${complete.errors.slice(0, 3).join('; ')}`);
  }
  const list = await getJson<{ pagination: { total: number } }>(`${api}/products?limit=1`, server.token);
  return {
    mode,
    rows,
    ms: Math.round(watched.result.ms),
    rowsPerSecond: perSecond(rows, watched.result.ms),
    serverMs: complete.processingTime,
    serverRowsPerSecond: complete.processingRate,
    peakRssMb: watched.peakRssMb,
    startRssMb: watched.startRssMb,
    imported: complete.imported,
    updated: complete.updated,
    errorCount: complete.errorCount,
    progressEvents,
    productsAfter: list.pagination.total,
  };
}
