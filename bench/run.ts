/**
 * `npm run bench` (ARCHITECTURE §7): imports, the product list, the category tree and vendor
 * list, and exports, measured through the real HTTP API of a server child process on temporary
 * databases, each figure beside a baseline measured in the same run.
 *
 *   npm run bench -- [--quick | --full] [--pg postgres://user:pass@host/db] [--no-sqlite] [--only import|reads|history|feed|mapping|quality]
 *                    [--rows N] [--big-rows N] [--variants] [--out file]
 *
 * --quick: 10k rows and products, few iterations (a smoke run). Default: 100k. --full: also
 * ultra-fast on 1M rows and the reads on 1M products. --pg repeats everything on PostgreSQL
 * (a new database per scenario on that server, dropped afterwards). --rows / --big-rows change
 * the 10k-or-100k and the 1M sizes (targets are judged only at 100k and 1M).
 * The reads end with issue 19's tag filter: a tenth of the products then tagged (after every other
 * read figure of that catalogue), the list filtered by a tag beside the plain first page of that step.
 * --xlsx adds issue 19's: the same rows as an Excel workbook, imported ultra-fast beside the CSV,
 * and each export as .xlsx beside the same mode's CSV export.
 * --modes ultra-fast (a comma list) runs only these import modes.
 * --variants adds issue 18's figures, each beside the same run's simple-only one: the list mix
 * and search on a catalogue of the same row count, 30% of its rows variations; the variations
 * screen (GET of a 2,048-variation product, PATCH of 500 rows); and the import of a
 * WooCommerce-style file, 60% of its rows variations, in each mode.
 * Issue 20's change history (section 'history'), each figure beside the same run's with the history
 * triggers switched off: ultra-fast imports creating and updating the rows, a bulk edit of all of
 * them, the undo of an import, a product's History tab among 10x the rows of history entries, and
 * the history's size on disk.
 * Issue 23's category mapping (section 'mapping', run only with --only mapping): the mapping
 * screen of a vendor with thousands of categories, applying mappings to every product, and the
 * import rate with every vendor category mapped beside the same import without mappings.
 * Writes bench/results.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { IMPORT_MODES } from '@bosun/shared';
import { createCatalogue } from './catalogue/index.js';
import { insertBaseline, parseBaseline, plainCopyBaseline, type Rate } from './harness/baselines.js';
import { wooImportMapping, writeImportCsv, writeWooImportCsv } from './harness/catalogue-rows.js';
import { formatTable, type Figure } from './harness/report.js';
import { loadAverage, postgresSettings } from './harness/machine.js';
import { installExitHooks, ROOT } from './harness/server.js';
import { dropAllTargets, scratchFile, type DbKind } from './harness/targets.js';
import { importFigures, plainCopyFigure, previewFigure, readFigures, variantReadFigures, wooImportFigures, xlsxImportFigure } from './scenarios/figures.js';
import { writeImportXlsx } from './harness/xlsx-rows.js';
import { benchImport, benchPreview, type ImportFigures } from './scenarios/import.js';
import { benchFeed } from './scenarios/feed.js';
import { benchHistory } from './scenarios/history.js';
import { historyFigures } from './scenarios/history-figures.js';
import { benchReads } from './scenarios/reads.js';
import { benchVariantReads } from './scenarios/variants.js';
import { benchMapping, mappingFigures } from './scenarios/mapping.js';
import { benchQuality, qualityFigures } from './scenarios/quality.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    full: { type: 'boolean', default: false },
    pg: { type: 'string' },
    'no-sqlite': { type: 'boolean', default: false },
    only: { type: 'string' },
    rows: { type: 'string' },
    'big-rows': { type: 'string' },
    variants: { type: 'boolean', default: false },
    xlsx: { type: 'boolean', default: false },
    modes: { type: 'string' },
    out: { type: 'string', default: path.join(ROOT, 'bench/results.json') },
  },
});
if (args.quick && args.full) throw new Error('--quick and --full do not go together');
const SECTIONS = ['import', 'reads', 'history', 'feed', 'mapping', 'quality'];
if (args.only && !SECTIONS.includes(args.only)) throw new Error(`--only takes one of ${SECTIONS.join(', ')}`);

/** --modes ultra-fast,lightning: only these import modes (all three by default). */
const importModes = args.modes === undefined ? IMPORT_MODES : IMPORT_MODES.filter((m) => args.modes!.split(',').includes(m));
if (!importModes.length) throw new Error(`--modes takes a comma list of ${IMPORT_MODES.join(', ')}`);
if (args.xlsx && !importModes.includes('ultra-fast')) throw new Error('--xlsx is measured beside the CSV ultra-fast import: keep ultra-fast in --modes');

const profile = args.quick ? 'quick' : args.full ? 'full' : 'default';
const count = (text: string | undefined, fallback: number) => {
  const n = text === undefined ? fallback : Number(text);
  if (!Number.isInteger(n) || n < 100) throw new Error(`not a row count (100 or more): ${text}`);
  return n;
};
const base = count(args.rows, args.quick ? 10_000 : 100_000);
const big = count(args['big-rows'], 1_000_000);
const plan = {
  importRows: base,
  bigImportRows: args.full ? big : undefined,
  readSizes: args.full ? [base, big] : [base],
  warmups: args.quick ? 1 : 3,
  samples: args.quick ? 5 : 20,
  totalCategories: 5_000,
  /** Issue 18: 1M products of which 300k are variations; a WooCommerce file of which 60% are variation rows. */
  variationShareOfReads: 0.3,
  variationShareOfImport: 0.6,
};
const dbs: DbKind[] = [...(args['no-sqlite'] ? [] : (['sqlite'] as const)), ...(args.pg ? (['postgres'] as const) : [])];
if (!dbs.length) throw new Error('--no-sqlite needs --pg URL');
// Mapping (issue 23) runs only when asked for: --only mapping.
const runs = (section: string) => (args.only === undefined ? section !== 'mapping' : args.only === section);

const started = Date.now();
const log = (text: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}`);
installExitHooks(dropAllTargets);

/** Midnight UTC today: timestamps spread over the two years before it, so 'this year' filters match. */
const now = new Date(new Date().toISOString().slice(0, 10));
const catalogue = createCatalogue({ totalCategories: plan.totalCategories, now });
const figures: Figure[] = [];
const notes: string[] = [];

async function importSection(db: DbKind) {
  const file = scratchFile(`import-${plan.importRows}.csv`);
  if (!fs.existsSync(file)) {
    const bytes = writeImportCsv(catalogue, plan.importRows, file);
    log(`wrote ${plan.importRows.toLocaleString('en-US')}-row import file (${(bytes / 1e6).toFixed(1)} MB)`);
  }
  const parse = await parseBaseline(file);
  log(`[${db}] baseline: parse ${parse.rows.toLocaleString('en-US')} rows in ${parse.ms} ms`);
  log(`[${db}] preview (dry run) of ${plan.importRows.toLocaleString('en-US')} rows...`);
  const preview = await benchPreview(db, file, plan.importRows, { pgUrl: args.pg, log });
  log(`[${db}] preview: ${preview.ms} ms (${preview.valid.toLocaleString('en-US')} valid, ${preview.errorCount} errors, ${preview.newCategories} new categories), peak RSS ${preview.peakRssMb} MB`);
  const insert = await insertBaseline(db, catalogue, plan.importRows, args.pg);
  log(`[${db}] baseline: direct insert of ${insert.rows.toLocaleString('en-US')} rows in ${insert.ms} ms = ${insert.rowsPerSecond.toLocaleString('en-US')} rows/s`);
  const runs: ImportFigures[] = [];
  for (const mode of importModes) {
    log(`[${db}] import ${mode}, ${plan.importRows.toLocaleString('en-US')} rows...`);
    const run = await benchImport(db, mode, file, plan.importRows, { pgUrl: args.pg, log });
    log(`[${db}] import ${mode}: ${run.rowsPerSecond.toLocaleString('en-US')} rows/s (server ${run.serverRowsPerSecond.toLocaleString('en-US')}), ${run.ms} ms, peak RSS ${run.peakRssMb} MB`);
    runs.push(run);
  }
  figures.push(...importFigures(db, runs, insert), previewFigure(db, preview, parse));
  await plainCopyFigures(db, runs, plan.importRows);
  if (args.variants) await wooImportSection(db, runs);
  if (args.xlsx) await xlsxImportSection(db, runs);

  if (plan.bigImportRows) {
    const rows = plan.bigImportRows;
    const bigFile = scratchFile(`import-${rows}.csv`);
    if (!fs.existsSync(bigFile)) {
      log(`writing ${rows.toLocaleString('en-US')}-row import file...`);
      log(`wrote it (${(writeImportCsv(catalogue, rows, bigFile) / 1e6).toFixed(0)} MB)`);
    }
    const bigInsert = await insertBaseline(db, catalogue, rows, args.pg);
    log(`[${db}] baseline: direct insert of ${rows.toLocaleString('en-US')} rows = ${bigInsert.rowsPerSecond.toLocaleString('en-US')} rows/s`);
    log(`[${db}] import ultra-fast, ${rows.toLocaleString('en-US')} rows...`);
    const run = await benchImport(db, 'ultra-fast', bigFile, rows, { pgUrl: args.pg, log });
    log(`[${db}] import ultra-fast: ${run.rowsPerSecond.toLocaleString('en-US')} rows/s, peak RSS ${run.peakRssMb} MB`);
    figures.push(...importFigures(db, [run], bigInsert));
    await plainCopyFigures(db, [run], rows);
  }
}

/** Issue 21 (PostgreSQL): the ultra-fast import beside a COPY of the same rows into an unindexed table. */
async function plainCopyFigures(db: DbKind, runs: ImportFigures[], rows: number) {
  const ultraFast = runs.find((run) => run.mode === 'ultra-fast');
  if (db !== 'postgres' || !ultraFast) return;
  const plain: Rate = await plainCopyBaseline(catalogue, rows, args.pg!);
  log(`[${db}] baseline: COPY of ${rows.toLocaleString('en-US')} rows into an unindexed table in ${plain.ms} ms = ${plain.rowsPerSecond.toLocaleString('en-US')} rows/s`);
  figures.push(plainCopyFigure(ultraFast, plain));
}

/** Issue 19: the same rows as an Excel workbook, imported ultra-fast, beside the CSV file's ultra-fast run. */
async function xlsxImportSection(db: DbKind, csvRuns: ImportFigures[]) {
  const rows = plan.importRows;
  const file = scratchFile(`import-${rows}.xlsx`);
  if (!fs.existsSync(file)) log(`wrote ${rows.toLocaleString('en-US')}-row workbook (${((await writeImportXlsx(catalogue, rows, file)) / 1e6).toFixed(1)} MB)`);
  log(`[${db}] import ultra-fast, the same rows as .xlsx...`);
  const run = await benchImport(db, 'ultra-fast', file, rows, { pgUrl: args.pg, log, label: 'xlsx' });
  log(`[${db}] import ultra-fast (.xlsx): ${run.rowsPerSecond.toLocaleString('en-US')} rows/s (server ${run.serverRowsPerSecond.toLocaleString('en-US')}), ${run.ms} ms, peak RSS ${run.peakRssMb} MB`);
  figures.push(xlsxImportFigure(db, run, csvRuns.find((r) => r.mode === 'ultra-fast')!));
}

/** Issue 18: the WooCommerce-style file with variations, in each mode, beside the simple file's runs. */
async function wooImportSection(db: DbKind, simpleRuns: ImportFigures[]) {
  const rows = plan.importRows;
  const file = scratchFile(`import-woo-${rows}.csv`);
  if (!fs.existsSync(file)) {
    const woo = writeWooImportCsv(catalogue, rows, file, plan.variationShareOfImport);
    log(`wrote ${rows.toLocaleString('en-US')}-row WooCommerce file: ${woo.products.toLocaleString('en-US')} products (${woo.variableProducts.toLocaleString('en-US')} variable) and ${woo.variationRows.toLocaleString('en-US')} variation rows (${(woo.bytes / 1e6).toFixed(1)} MB)`);
  }
  const { mapping, unmapped } = wooImportMapping();
  if (unmapped.length) log(`[${db}] the auto-mapping leaves unmapped: ${unmapped.join(', ')}`);
  const runs: ImportFigures[] = [];
  for (const mode of IMPORT_MODES) {
    log(`[${db}] import ${mode}, WooCommerce file with variations, ${rows.toLocaleString('en-US')} rows...`);
    try {
      const run = await benchImport(db, mode, file, rows, { pgUrl: args.pg, log, mapping, label: 'woo' });
      log(`[${db}] import ${mode} (woo variants): ${run.rowsPerSecond.toLocaleString('en-US')} rows/s, ${run.imported.toLocaleString('en-US')} imported, ${run.errorCount} errors, ${run.productsAfter.toLocaleString('en-US')} products listed after`);
      runs.push(run);
    } catch (error) {
      // The import of Type, Parent and the attribute columns is issue 18's other half.
      const text = `[${db}] import ${mode} of the WooCommerce file with variations failed: ${(error as Error).message}`;
      log(text);
      notes.push(text);
    }
  }
  const variationRows = Math.round(rows * plan.variationShareOfImport);
  figures.push(...wooImportFigures(db, runs, simpleRuns, variationRows));
}

async function readSection(db: DbKind) {
  for (const size of plan.readSizes) {
    const options = { warmups: plan.warmups, samples: plan.samples, pgUrl: args.pg, log: (t: string) => log(`[${db}] ${t}`), xlsx: args.xlsx };
    const reads = await benchReads(db, catalogue, size, options);
    figures.push(...readFigures(db, reads));
    if (!args.variants) continue;
    // The very same queries (ids of the same vendors and categories) on the catalogue with variants.
    const kinds = reads.list.map(({ name, query }) => ({ name, query }));
    const variants = await benchVariantReads(db, catalogue, size, plan.variationShareOfReads, kinds, options);
    figures.push(...variantReadFigures(db, reads, variants));
  }
}

/** Issue 20: the history's cost beside the same steps with recording off; the History tab among 10x the rows of entries. */
async function historySection(db: DbKind) {
  const history = await benchHistory(
    db,
    catalogue,
    { rows: plan.importRows, historyEntries: plan.importRows * 10, productEntries: 50, warmups: plan.warmups, samples: plan.samples },
    { pgUrl: args.pg, log: (t: string) => log(`[${db}] ${t}`) },
  );
  figures.push(...historyFigures(db, history));
}

/** Issue 22: a stock-and-price feed of 100k rows (the catalogue's size when smaller) against the catalogue, beside a full update of the same SKUs. */
async function feedSection(db: DbKind) {
  const catalogueRows = plan.bigImportRows ?? plan.importRows;
  const feedRows = Math.min(100_000, catalogueRows);
  const run = await benchFeed(db, catalogue, { catalogueRows, feedRows }, { pgUrl: args.pg, log: (t: string) => log(`[${db}] ${t}`) });
  figures.push({
    section: 'feed',
    name: `stock-and-price feed (profile: stock and prices only) against ${catalogueRows.toLocaleString('en-US')} products`,
    db,
    size: feedRows,
    unit: 'rows/s',
    value: run.feed.rowsPerSecond,
    baseline: { name: 'full update of the same SKUs, every column, same database', short: 'full update', value: run.fullUpdate.rowsPerSecond },
    ratio: Math.round((run.feed.rowsPerSecond / run.fullUpdate.rowsPerSecond) * 100) / 100,
    peakRssMb: run.feed.peakRssMb,
    ...(db === 'sqlite' ? { target: { text: '>= 50,000 rows/s, peak RSS <= 300 MB', met: catalogueRows >= 1_000_000 ? run.feed.rowsPerSecond >= 50_000 && run.feed.peakRssMb <= 300 : null } } : {}),
    details: { feedMs: run.feed.ms, serverMs: run.feed.serverMs, fullUpdateMs: run.fullUpdate.ms, fullUpdatePeakRssMb: run.fullUpdate.peakRssMb, updated: run.feed.updated, catalogueLoadMs: run.loadMs },
  });
}

/** Issue 23: the mapping screen, applying mappings, and the import with mapping rules beside the same import without. */
async function mappingSection(db: DbKind) {
  const mapping = await benchMapping(db, catalogue, { rows: plan.importRows, warmups: plan.warmups, samples: plan.samples }, { pgUrl: args.pg, log: (t: string) => log(`[${db}] ${t}`) });
  figures.push(...mappingFigures(db, mapping));
}

/** Issue 23: each quality queue's page with its count, and the dashboard with every queue's count, at each read size. */
async function qualitySection(db: DbKind) {
  for (const size of plan.readSizes) {
    const quality = await benchQuality(db, catalogue, size, { warmups: plan.warmups, samples: plan.samples, pgUrl: args.pg, log: (t: string) => log(`[${db}] ${t}`) });
    figures.push(...qualityFigures(db, quality));
  }
}

function writeResults(complete: boolean) {
  const results = {
    complete,
    profile,
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown'}`,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: { start: loadAtStart, end: loadAverage() },
    ...(postgres ? { postgres } : {}),
    databases: dbs,
    sizes: { importRows: plan.importRows, bigImportRows: plan.bigImportRows ?? null, listProducts: plan.readSizes, categories: catalogue.categories.length, vendors: 500 },
    iterations: { warmups: plan.warmups, samples: plan.samples },
    durationSeconds: Math.round((Date.now() - started) / 1000),
    notes: [
      'ratio = value / baseline.value: for rows/s the share of the baseline rate; for ms how many times the baseline time.',
      'Latency figures: value = p95; baseline = GET /api/health measured the same way (the HTTP floor); ratio on p95, ratioP50 on p50.',
      'Latency is measured by the client over loopback; the server-time figures read the Server-Timing header (time to the serialised answer).',
      ...(args.variants
        ? [
            "Section 'variants' (issue 18): list queries on a catalogue of the same row count with 30% of its rows variations, beside the same query on the simple-only catalogue of this run; the variations screen's GET and PATCH beside GET and PUT of a simple product.",
          ]
        : []),
      ...(runs('history')
        ? [
            "Section 'history' (issue 20): each figure beside the same steps on a database whose history triggers are switched off (dropped on SQLite, disabled on PostgreSQL; the bench's database only). Sizes in MB (1e6 bytes): SQLite dbstat pages of changes and product_changes with their indexes; PostgreSQL pg_total_relation_size of both. Recording cost = 1 - ratio.",
          ]
        : []),
      ...notes,
    ],
    figures,
  };
  fs.writeFileSync(args.out, `${JSON.stringify(results, null, 2)}\n`);
}

let ok = false;
const loadAtStart = loadAverage();
const postgres = args.pg ? await postgresSettings(args.pg) : undefined;
try {
  log(`bench profile '${profile}' on ${dbs.join(' and ')}; node ${process.version}; catalogue of ${catalogue.categories.length} categories; load ${loadAtStart.join(' ')}`);
  if (postgres) log(`PostgreSQL ${Object.entries(postgres).map(([k, v]) => `${k}=${v}`).join(', ')}`);
  for (const db of dbs) {
    if (runs('import')) await importSection(db);
    if (runs('reads')) await readSection(db);
    if (runs('history')) await historySection(db);
    if (runs('feed')) await feedSection(db);
    if (runs('mapping')) await mappingSection(db);
    if (runs('quality')) await qualitySection(db);
  }
  ok = true;
} finally {
  await dropAllTargets();
  if (figures.length) {
    writeResults(ok);
    console.log(`\n${formatTable(figures)}\n`);
    console.log(`Latency cells are p50 / p95; ratios are value / baseline. Results: ${path.relative(process.cwd(), args.out)}${ok ? '' : ' (incomplete: the run failed)'}`);
  }
}
