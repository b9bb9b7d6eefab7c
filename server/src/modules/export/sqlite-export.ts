import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import { collectGarbage } from '../../lib/collect-garbage.js';
import { startWorker } from '../../lib/start-worker.js';
import type { ExportDataMessage, ExportWorkerData, ReturnedBuffer } from './export-worker.js';
import type { BlockShare, ExportShareQuery } from './export.repository.js';

/** What export-worker.ts needs, apart from which worker it is and its rows. */
export type SqliteExportPlan = Omit<ExportWorkerData, 'worker' | 'workers' | 'rows'> & {
  /** BOM and header line, written before the rows. */
  head: string;
  /** The products query of each worker's share of the blocks. */
  rows: (share: BlockShare) => ExportShareQuery;
};

/** Two workers keep both cores of a small server busy; the main thread only moves bytes. */
const WORKERS = 2;

// Rows become bytes within a step of 32, so almost nothing a worker makes lives long: a small
// young generation is enough, and without limits V8 lets each worker grow by a hundred megabytes
// first. The old generation needs room above what a worker keeps (about 6 MB: Node itself, the
// lookups; zod, no longer loaded, made it 7-12). Measured on the 1M woocommerce export, one worker's
// 500k rows: young 2 MB, old 16 MB: 2,650 scavenges, 15 full collections (50-140 ms), 6.9-7.1 s of
// CPU per worker, peak RSS 29-32 MB above the start; young 4 MB: 1,330 scavenges, 7.5-7.9 s, 34-36
// MB (collecting a smaller young generation more often cost no CPU); old 24 MB: 6-8 MB more.
const resourceLimits = { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 16 };

const startExportWorker = (workerData: ExportWorkerData) => startWorker(new URL('./export-worker.ts', import.meta.url), { workerData, resourceLimits });

/**
 * Sends a SQLite export written by worker threads (export-worker.ts): blocks of rows are
 * written in order as they come, each buffer handed back to its worker once the socket has
 * taken it. Until the first block is ready nothing is sent, so a query that fails at once is a
 * normal error answer; after that a failure cuts the download short. A client that goes away
 * stops the workers.
 */
export async function sendSqliteExport(reply: FastifyReply, plan: SqliteExportPlan): Promise<void> {
  const { head, rows, ...data } = plan;
  if (data.lastBlock < 0) {
    await reply.send(head);
    return;
  }
  // A long export is a good moment to return earlier requests' garbage (large JSON answers leave
  // tens of megabytes) before two workers start: the server's peak memory is what the export adds
  // to a compact heap.
  collectGarbage();
  const workers = Array.from({ length: WORKERS }, (_, worker) =>
    startExportWorker({ ...data, worker, workers: WORKERS, rows: rows({ blockIds: data.blockIds, workers: WORKERS, worker }) }),
  );
  const stopAll = () => workers.forEach((w) => void w.terminate());
  const queues = workers.map((): ExportDataMessage[] => []);
  let finished = false;
  let pump: (() => void) | undefined;
  let failed: ((error: Error) => void) | undefined;
  const firstMessage = new Promise<void>((resolve, reject) => {
    failed = reject;
    workers[0]!.once('message', () => resolve());
  });
  workers.forEach((worker, index) => {
    worker.on('message', (message: ExportDataMessage) => {
      queues[index]!.push(message);
      pump?.();
    });
    worker.on('error', (error) => failed?.(error));
    worker.on('exit', (code) => {
      if (code !== 0 && !finished) failed?.(new Error(`An export worker stopped (exit code ${code})`));
    });
  });

  try {
    await firstMessage;
  } catch (error) {
    stopAll();
    throw error;
  }

  reply.hijack();
  const res: ServerResponse = reply.raw;
  res.writeHead(200, reply.getHeaders() as OutgoingHttpHeaders);
  res.write(head);
  await new Promise<void>((resolve) => {
    let block = 0;
    const finish = (error?: Error) => {
      if (finished) return;
      finished = true;
      stopAll();
      if (error) {
        reply.log.error({ err: error }, 'export failed after it started');
        res.destroy(error);
      } else if (!res.destroyed) res.end();
      resolve();
    };
    failed = finish;
    // The browser went away (or the download was cancelled): nothing more to write.
    res.once('close', () => finish());
    pump = () => {
      while (!finished) {
        const index = block % WORKERS;
        const message = queues[index]!.shift();
        if (!message) return;
        const giveBack = () => workers[index]!.postMessage({ buffer: message.buffer } satisfies ReturnedBuffer, [message.buffer]);
        if (message.length) res.write(Buffer.from(message.buffer, 0, message.length), giveBack);
        else giveBack();
        if (message.last && ++block > data.lastBlock) finish();
      }
    };
    pump();
  });
}
