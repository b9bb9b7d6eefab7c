/**
 * The 'linear reader' figure on its own (a minute or two per engine):
 *
 *   npm run bench:reader [-- --pg postgres://user:pass@host/db [--no-sqlite]] [--out file]
 *
 * The preview of files whose records never end (a 50 MB file with a quote left open near its
 * start, a ~100 MB file of one line) against the preview of a normal file of the same size, each
 * on a fresh server, in the same run: time to the answer, peak server RSS, and the slowest
 * GET /api/health answered meanwhile. The reader stops at MAX_RECORD_CHARS, so the bad files
 * cost no more than the normal ones (before: 27 s / 373 MB and 77 s / 521 MB, health 0.5 s).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ImportPreviewResponse } from '@bosun/shared';
import { createCatalogue } from './catalogue/index.js';
import { writeImportCsv } from './harness/catalogue-rows.js';
import { postMultipart, timedGet } from './harness/http.js';
import { timeIt, watchRss } from './harness/measure.js';
import { installExitHooks, ROOT } from './harness/server.js';
import { dropAllTargets, scratchFile, type DbKind } from './harness/targets.js';
import { withImportServer } from './scenarios/import.js';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string' },
    'no-sqlite': { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(ROOT, 'bench/results-linear-reader.json') },
  },
});
const engines: DbKind[] = [...(args['no-sqlite'] ? [] : (['sqlite'] as const)), ...(args.pg ? (['postgres'] as const) : [])];
if (!engines.length) throw new Error('--no-sqlite needs --pg');
installExitHooks(dropAllTargets);
const started = Date.now();
const log = (text: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}`);

const catalogue = createCatalogue({ totalCategories: 5_000, now: new Date(new Date().toISOString().slice(0, 10)) });
const mb = (file: string) => fs.statSync(file).size / 1e6;

/** A normal import file of about `megabytes` MB (the bench catalogue's rows are ~1 KB each). */
function normalFile(megabytes: number) {
  const file = scratchFile(`reader-normal-${megabytes}.csv`);
  writeImportCsv(catalogue, megabytes * 1_000, file);
  return file;
}

/**
 * The normal file with a row whose name opens a quote that nothing closes, as its third row: the
 * rows after it have their double quotes made single, so that none closes it (the worst case:
 * the record runs to the end of the file).
 */
function unclosedQuoteFile(normal: string) {
  const file = scratchFile('reader-unclosed-quote.csv');
  const text = fs.readFileSync(normal, 'utf8');
  const second = text.indexOf('\n', text.indexOf('\n') + 1) + 1;
  fs.writeFileSync(file, `${text.slice(0, second)}BENCH-OPEN,"Runaway quote\n${text.slice(second).replaceAll('"', "'")}`);
  return file;
}

/** The header and one line of `megabytes` MB with no line break. */
function oneLineFile(normal: string, megabytes: number) {
  const file = scratchFile('reader-one-line.csv');
  const header = fs.readFileSync(normal, 'utf8').slice(0, 64 * 1024).split('\n')[0]!;
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, `${header}\nBENCH-LINE,`);
  const block = 'x'.repeat(1 << 20);
  for (let i = 0; i < megabytes; i++) fs.writeSync(fd, block);
  fs.closeSync(fd);
  return file;
}

interface ReaderFigure {
  engine: DbKind;
  file: string;
  megabytes: number;
  ms: number;
  peakRssMb: number;
  startRssMb: number;
  slowestHealthMs: number;
  healthSamples: number;
  totalRows: number;
  errorCount: number;
  firstError: string | null;
}

async function previewOf(engine: DbKind, name: string, file: string): Promise<ReaderFigure> {
  return withImportServer(engine, `reader_${name.replace(/\W+/g, '_')}`, args.pg, async (api, server, fields) => {
    let done = false;
    const health: number[] = [];
    const polling = (async () => {
      while (!done) {
        health.push(await timedGet(`${api}/health`));
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const watched = await watchRss(server.pid, () => timeIt(() => postMultipart(`${api}/products/import/preview`, server.token, fields, file)));
    done = true;
    await polling;
    const body = JSON.parse(watched.result.result.body.toString()) as ImportPreviewResponse;
    const first = body.dryRun?.errors[0];
    return {
      engine,
      file: name,
      megabytes: Math.round(mb(file)),
      ms: Math.round(watched.result.ms),
      peakRssMb: watched.peakRssMb,
      startRssMb: watched.startRssMb,
      slowestHealthMs: Math.round(Math.max(0, ...health)),
      healthSamples: health.length,
      totalRows: body.totalRows,
      errorCount: body.dryRun?.errorCount,
      firstError: first ? `Row ${first.row}: ${first.column ? `${first.column}: ` : ''}${first.reason}` : null,
    };
  });
}

try {
  log('writing the files...');
  const normal50 = normalFile(50);
  const unclosed = unclosedQuoteFile(normal50);
  const normal100 = normalFile(100);
  const oneLine = oneLineFile(normal100, 100);
  const figures: ReaderFigure[] = [];
  const ratio = (bad: ReaderFigure, base: ReaderFigure) => `${(bad.ms / base.ms).toFixed(2)}x time, ${(bad.peakRssMb / base.peakRssMb).toFixed(2)}x peak RSS`;
  for (const engine of engines) {
    const ofEngine: ReaderFigure[] = [];
    for (const [name, file] of [['normal 50 MB (baseline)', normal50], ['unclosed quote 50 MB', unclosed], ['normal 100 MB (baseline)', normal100], ['one line 100 MB', oneLine]] as const) {
      log(`${engine}: preview of ${name} (${mb(file).toFixed(1)} MB)...`);
      const figure = await previewOf(engine, name, file);
      ofEngine.push(figure);
      log(`  ${figure.ms} ms, peak RSS ${figure.peakRssMb} MB (start ${figure.startRssMb}), slowest health ${figure.slowestHealthMs} ms of ${figure.healthSamples}; ${figure.totalRows} rows, ${figure.errorCount} errors${figure.firstError ? `: ${figure.firstError}` : ''}`);
    }
    console.log(`\n${engine}: unclosed quote 50 MB against normal 50 MB: ${ratio(ofEngine[1]!, ofEngine[0]!)}`);
    console.log(`${engine}: one line 100 MB against normal 100 MB: ${ratio(ofEngine[3]!, ofEngine[2]!)}\n`);
    figures.push(...ofEngine);
  }
  fs.writeFileSync(args.out, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, figures }, null, 2)}\n`);
  console.log(`Results: ${path.relative(process.cwd(), args.out)}`);
} finally {
  await dropAllTargets();
}
