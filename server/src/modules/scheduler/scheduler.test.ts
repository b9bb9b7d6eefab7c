import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { setupTestApp } from '../../test/test-app.js';
import { takeLease } from './lease.repository.js';
import { createScheduler, type ScheduledJob } from './scheduler.js';

const HOUR = 3_600_000;
const silent = pino({ level: 'silent' });

/** A job due every hour since its last run, counting its runs; `work` is what a run does. */
function hourlyJob(name: string, work: (signal: AbortSignal) => Promise<void> = async () => {}) {
  const runs: Date[] = [];
  const job: ScheduledJob = {
    name,
    nextRunAt: (lastRunAt, now) => (lastRunAt ? new Date(lastRunAt.getTime() + HOUR) : now),
    async run(signal) {
      runs.push(new Date());
      await work(signal);
    },
  };
  return { job, runs };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('the scheduler', () => {
  const t = setupTestApp();
  let clock = new Date('2030-06-01T00:00:00Z');
  const scheduler = (holder: string, leaseMs = 60_000) => createScheduler({ db: t.database.db, log: silent, holder, leaseMs, now: () => clock });

  it('runs a due job once, then again when it is next due', async () => {
    const a = scheduler('a');
    const { job, runs } = hourlyJob('hourly');
    a.register(job);
    const first = await a.tick();
    expect(first.started).toEqual(['hourly']);
    await first.finished;
    expect((await a.tick()).started).toEqual([]);
    clock = new Date(clock.getTime() + HOUR - 1);
    expect((await a.tick()).started).toEqual([]);
    clock = new Date(clock.getTime() + 1);
    await (await a.tick()).finished;
    expect(runs).toHaveLength(2);
  });

  it('lets one of two servers run a due job; the other, ticking during or after the run, does not', async () => {
    let release!: () => void;
    const blocker = new Promise<void>((resolve) => (release = resolve));
    const a = scheduler('a');
    const b = scheduler('b');
    const { job, runs } = hourlyJob('shared', () => blocker);
    a.register(job);
    b.register(job);
    const [onA, onB] = await Promise.all([a.tick(), b.tick()]);
    expect([...onA.started, ...onB.started]).toEqual(['shared']);
    expect((await b.tick()).started).toEqual([]);
    expect((await a.tick()).started).toEqual([]);
    release();
    await Promise.all([onA.finished, onB.finished]);
    expect((await b.tick()).started).toEqual([]);
    expect(runs).toHaveLength(1);
  });

  it('does not run a job again that another server ran between reading it due and taking its lease', async () => {
    const a = scheduler('a');
    const b = scheduler('b');
    const { job, runs } = hourlyJob('raced');
    a.register(job);
    let first = true;
    b.register({
      ...job,
      async nextRunAt(lastRunAt, now) {
        // 'b' has read no last run; before it takes the lease, 'a' runs the job whole.
        if (first) {
          first = false;
          await (await a.tick()).finished;
        }
        return job.nextRunAt(lastRunAt, now);
      },
    });
    expect((await b.tick()).started).toEqual([]);
    expect(runs).toHaveLength(1);
  });

  it('counts a failed run as a run, releases its lease and logs the error', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => lines.push(line) });
    const a = createScheduler({ db: t.database.db, log, holder: 'a', now: () => clock });
    const { job, runs } = hourlyJob('crashing', async () => {
      throw new Error('supplier file broken');
    });
    a.register(job);
    await (await a.tick()).finished;
    expect(lines.join('')).toContain('supplier file broken');
    expect((await a.tick()).started).toEqual([]);
    expect(await takeLease(t.database.db, 'job:crashing', 'b', clock, 1000)).toBe(true);
    expect(runs).toHaveLength(1);
  });

  it('takes a job over from a server that died holding its lease, once the lease expires', async () => {
    // 'dead' took the lease and never finished: no last run is recorded.
    expect(await takeLease(t.database.db, 'job:orphan', 'dead', clock, 60_000)).toBe(true);
    const b = scheduler('b');
    const { job, runs } = hourlyJob('orphan');
    b.register(job);
    expect((await b.tick()).started).toEqual([]);
    clock = new Date(clock.getTime() + 60_000);
    await (await b.tick()).finished;
    expect(runs).toHaveLength(1);
  });

  it('stops a run whose lease another server took over, and that run releases nothing of its successor', async () => {
    const a = scheduler('a', 200);
    const { job } = hourlyJob('slow', (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error))));
    a.register(job);
    const onA = await a.tick();
    expect(onA.started).toEqual(['slow']);
    // 'a' is stalled (its clock stands still, so its renewals keep the old expiry): 'b' sees the lease expired.
    const b = createScheduler({ db: t.database.db, log: silent, holder: 'b', leaseMs: 60_000, now: () => new Date(clock.getTime() + 1000) });
    expect(await takeLease(t.database.db, 'job:slow', 'b', new Date(clock.getTime() + 1000), 60_000)).toBe(true);
    await onA.finished;
    const row = await t.database.db.selectFrom('leases').selectAll().where('name', '=', 'job:slow').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ holder: 'b', last_run_at: null });
    await b.stop();
  });

  it("runs a job now under its lease, or answers 'busy' while it runs anywhere", async () => {
    let release!: () => void;
    const blocker = new Promise<void>((resolve) => (release = resolve));
    const a = scheduler('a');
    const b = scheduler('b');
    const { job, runs } = hourlyJob('on-demand', () => blocker);
    const started = await a.runNow(job);
    expect(started.started).toBe(true);
    expect(await b.runNow(job)).toEqual({ started: false, reason: 'busy' });
    expect(await a.runNow(job)).toEqual({ started: false, reason: 'busy' });
    release();
    if (started.started) await started.finished;
    expect((await b.runNow(job)).started).toBe(true);
    expect(runs).toHaveLength(2);
  });

  it('reads jobs from a source on every tick, and skips a source that fails', async () => {
    const a = scheduler('a');
    const { job, runs } = hourlyJob('from-source');
    let listed: ScheduledJob[] = [];
    a.registerSource(() => listed);
    a.registerSource(() => {
      throw new Error('profiles unreadable');
    });
    expect((await a.tick()).started).toEqual([]);
    listed = [job];
    await (await a.tick()).finished;
    expect(runs).toHaveLength(1);
  });
});

describe('two app servers on one database', () => {
  const t = setupTestApp({ schedulerIntervalMs: 40 });
  let other: FastifyInstance;
  beforeAll(async () => {
    other = (await buildApp(t.config, { logger: false })).app;
  });
  afterAll(async () => other.close());

  it('run a due scheduled job exactly once between them, from their own loops', async () => {
    const { job, runs } = hourlyJob('feed:1', () => sleep(150));
    t.app.scheduler.register(job);
    other.scheduler.register(job);
    const deadline = Date.now() + 5_000;
    while (runs.length === 0 && Date.now() < deadline) await sleep(20);
    // Many more ticks of both loops, during the run and after it.
    await sleep(800);
    expect(runs).toHaveLength(1);
    const row = await t.database.db.selectFrom('leases').selectAll().where('name', '=', 'job:feed:1').executeTakeFirstOrThrow();
    expect(row.holder).toBeNull();
    expect(row.last_run_at).not.toBeNull();
  });

  it('hand a run over when the server running it closes: its lease is released at once, not at expiry', async () => {
    const extra = (await buildApp(t.config, { logger: false })).app;
    let startedOnExtra = false;
    const { job } = hourlyJob('feed:2', (signal) => {
      startedOnExtra = true;
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
    });
    extra.scheduler.register(job);
    const deadline = Date.now() + 5_000;
    while (!startedOnExtra && Date.now() < deadline) await sleep(20);
    expect(startedOnExtra).toBe(true);
    await extra.close();
    const row = await t.database.db.selectFrom('leases').selectAll().where('name', '=', 'job:feed:2').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ holder: null, last_run_at: null });
  });
});
