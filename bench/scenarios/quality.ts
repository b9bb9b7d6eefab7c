import { QUALITY_CHECK_NAMES, QUALITY_CHECKS } from '@bosun/shared';
import type { Catalogue } from '../catalogue/index.js';
import { timedGet } from '../harness/http.js';
import { measureLatency, type LatencySummary } from '../harness/measure.js';
import { latencyFigure, pairedLatencyFigure, target, type Figure } from '../harness/report.js';
import { withServer } from '../harness/server.js';
import { freshTarget, loadReadTarget, type DbKind } from '../harness/targets.js';
import { benchListMix, type KindFigures } from './list.js';

/**
 * Issue 23's quality queues on a loaded catalogue: each queue's first page with its total count,
 * and the completeness sort, beside the same run's plain first page; the dashboard (its stats and
 * every queue's count, loaded together as the page does) beside the stats alone.
 */
export interface QualityFigures {
  products: number;
  health: LatencySummary;
  plain: KindFigures;
  queues: KindFigures[];
  dashboardStats: LatencySummary;
  dashboardWithQueues: LatencySummary;
}

export async function benchQuality(
  kind: DbKind,
  catalogue: Catalogue,
  products: number,
  options: { warmups: number; samples: number; pgUrl?: string; log: (text: string) => void },
): Promise<QualityFigures> {
  const { log } = options;
  const iterations = { warmups: options.warmups, samples: options.samples };
  const db = await freshTarget(kind, `quality_${products}`, options.pgUrl);
  try {
    log(`loading ${products.toLocaleString('en-US')} products into ${kind}...`);
    const loaded = await loadReadTarget(db, catalogue, products, log);
    log(`loaded in ${(loaded.ms.total / 1000).toFixed(1)} s`);
    return await withServer(db.url, async (server) => {
      const api = `${server.baseUrl}/api`;
      const health = await measureLatency(() => timedGet(`${api}/health`), iterations.warmups, iterations.samples);
      const [plain] = await benchListMix(api, server.token, [{ name: 'plain first page', query: 'page=1&limit=20' }], iterations, log);
      const kinds = [
        ...QUALITY_CHECK_NAMES.map((check) => ({ name: `problem ${check}`, query: `problem=${check}&page=1&limit=20` })),
        { name: 'sort completeness asc', query: 'sort=completeness&order=asc&page=1&limit=20' },
      ];
      const queues = await benchListMix(api, server.token, kinds, iterations, log);
      const stats = () => timedGet(`${api}/dashboard/stats`, server.token);
      const dashboardStats = await measureLatency(stats, iterations.warmups, iterations.samples);
      const dashboardWithQueues = await measureLatency(async () => {
        const started = performance.now();
        await Promise.all([stats(), timedGet(`${api}/quality/summary`, server.token)]);
        return performance.now() - started;
      }, iterations.warmups, iterations.samples);
      log(`  dashboard stats alone                        p50 ${dashboardStats.p50.toFixed(1).padStart(7)} ms  p95 ${dashboardStats.p95.toFixed(1).padStart(7)} ms`);
      log(`  dashboard with every queue's count           p50 ${dashboardWithQueues.p50.toFixed(1).padStart(7)} ms  p95 ${dashboardWithQueues.p95.toFixed(1).padStart(7)} ms`);
      return { products, health, plain: plain!, queues, dashboardStats, dashboardWithQueues };
    });
  } finally {
    await db.drop();
  }
}

/** The targets: each quality filter p95 <= 150 ms with its count, the dashboard with the queues p95 <= 100 ms, at 1M. */
export function qualityFigures(db: DbKind, q: QualityFigures): Figure[] {
  const at1M = q.products === 1_000_000;
  const plain = { name: `the plain first page, same run`, short: 'plain page', summary: q.plain };
  const figures: Figure[] = [latencyFigure({ section: 'list', name: 'quality: plain first page', db, size: q.products, details: { matched: q.plain.matched } }, q.plain, q.health)];
  for (const queue of q.queues) {
    const isFilter = queue.name.startsWith('problem ');
    const check = queue.name.replace('problem ', '') as keyof typeof QUALITY_CHECKS;
    figures.push(
      pairedLatencyFigure(
        {
          section: 'list',
          name: `quality: ${isFilter ? QUALITY_CHECKS[check].label : queue.name}`,
          db,
          size: q.products,
          target: isFilter ? target('p95 <= 150 ms @1M', at1M, queue.p95 <= 150) : undefined,
          details: { query: queue.query, matched: queue.matched },
        },
        queue,
        plain,
      ),
    );
  }
  figures.push(
    pairedLatencyFigure(
      { section: 'list', name: 'quality: dashboard with every queue count', db, size: q.products, target: target('p95 <= 100 ms @1M', at1M, q.dashboardWithQueues.p95 <= 100) },
      q.dashboardWithQueues,
      { name: 'GET /api/dashboard/stats alone, same run', short: 'stats alone', summary: q.dashboardStats },
    ),
  );
  return figures;
}
