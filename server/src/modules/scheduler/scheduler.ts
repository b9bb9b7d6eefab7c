import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { findLastRuns, releaseLease, renewLease, takeLease } from './lease.repository.js';

/** Work done on a schedule by exactly one of the app servers sharing a database. */
export interface ScheduledJob {
  /** Unique among jobs; also the name of its lease (e.g. 'feed:12'). */
  name: string;
  /** When the job is next due, given when it last finished on any server (null: never); null when it is not scheduled. */
  nextRunAt(lastRunAt: Date | null, now: Date): Date | null | Promise<Date | null>;
  /** The work. `signal` aborts when the server shuts down or loses the lease: stop soon and throw. */
  run(signal: AbortSignal): Promise<void>;
}

/** Jobs read afresh on every tick (e.g. one per feed profile in the database), so that one created on another server is seen too. */
export type ScheduledJobSource = () => ScheduledJob[] | Promise<ScheduledJob[]>;

export interface Scheduler {
  /** This server's name in the leases it holds. */
  readonly holder: string;
  /** Adds a job; the function returned removes it. */
  register(job: ScheduledJob): () => void;
  /** Adds a source of jobs; the function returned removes it. */
  registerSource(source: ScheduledJobSource): () => void;
  /**
   * Starts every due job whose lease this server gets: answers their names once started, and a
   * promise of their end. The loop calls it every interval; tests call it directly.
   */
  tick(): Promise<{ started: string[]; finished: Promise<void> }>;
  /** Runs a job at once under its lease ('Run now'); 'busy' when it is running here or on another server. */
  runNow(job: ScheduledJob): Promise<{ started: false; reason: 'busy' } | { started: true; finished: Promise<void> }>;
  /** Stops the loop, aborts the runs under way and waits for them; their leases are released for another server. */
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  /** How long a lease lasts without renewal: a server that died holding one is taken over this long after. */
  leaseMs?: number;
  now?: () => Date;
  holder?: string;
}

export const DEFAULT_LEASE_MS = 2 * 60 * 1000;

interface Run {
  controller: AbortController;
  finished: Promise<void>;
}
const leaseName = (job: ScheduledJob) => `job:${job.name}`;

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, log } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const now = options.now ?? (() => new Date());
  const holder = options.holder ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const jobs = new Set<ScheduledJob>();
  const sources = new Set<ScheduledJobSource>();
  /** Runs under way on this server, by job name, with what aborts them. */
  const running = new Map<string, Run>();
  let stopping = false;

  async function allJobs(): Promise<ScheduledJob[]> {
    const listed = await Promise.all(
      [...sources].map(async (source) => {
        try {
          return await source();
        } catch (err) {
          log.error({ err }, 'scheduler: a job source failed');
          return [];
        }
      }),
    );
    return [...jobs, ...listed.flat()];
  }

  const isDue = async (job: ScheduledJob, lastRunAt: Date | null, at: Date) => {
    const due = await job.nextRunAt(lastRunAt, at);
    return due !== null && due.getTime() <= at.getTime();
  };

  /** Runs `job` under the lease we hold: renewed while it runs; released (with the finish time) when it ends. */
  function runHeld(job: ScheduledJob): Run {
    const name = leaseName(job);
    const controller = new AbortController();
    const heartbeat = setInterval(() => {
      renewLease(db, name, holder, now(), leaseMs)
        .then((held) => {
          if (!held) {
            log.warn({ job: job.name }, 'scheduler: the lease was taken over by another server; stopping the run');
            controller.abort(new Error('The lease was taken over by another server'));
          }
        })
        .catch((err: unknown) => log.error({ err, job: job.name }, 'scheduler: renewing a lease failed'));
    }, Math.max(10, Math.floor(leaseMs / 4)));
    const finished = (async () => {
      let completed = true;
      try {
        await job.run(controller.signal);
      } catch (err) {
        // A failed run is a run: the next is at the next scheduled time, not at once over and over.
        // One stopped by a shutdown is not: another server takes it up.
        completed = !stopping;
        log.error({ err, job: job.name }, 'scheduler: a scheduled job failed');
      } finally {
        clearInterval(heartbeat);
        running.delete(job.name);
      }
      await releaseLease(db, name, holder, completed ? now() : undefined).catch((err: unknown) => log.error({ err, job: job.name }, 'scheduler: releasing a lease failed'));
    })();
    const run = { controller, finished };
    running.set(job.name, run);
    return run;
  }

  /** Takes the lease, checks again that the job is still due (another server may have run it since it was read), runs it. */
  async function runIfStillDue(job: ScheduledJob, force: boolean): Promise<Run | undefined> {
    const name = leaseName(job);
    if (stopping || running.has(job.name) || !(await takeLease(db, name, holder, now(), leaseMs))) return undefined;
    if (stopping || (!force && !(await isDue(job, (await findLastRuns(db, [name])).get(name) ?? null, now())))) {
      await releaseLease(db, name, holder);
      return undefined;
    }
    return runHeld(job);
  }

  const runJob = (job: ScheduledJob, force: boolean) =>
    runIfStillDue(job, force).catch((err: unknown) => {
      log.error({ err, job: job.name }, 'scheduler: starting a scheduled job failed');
      return undefined;
    });

  return {
    holder,
    register(job) {
      jobs.add(job);
      return () => jobs.delete(job);
    },
    registerSource(source) {
      sources.add(source);
      return () => sources.delete(source);
    },
    async tick() {
      const none = { started: [], finished: Promise.resolve() };
      if (stopping) return none;
      const candidates = (await allJobs()).filter((job) => !running.has(job.name));
      if (candidates.length === 0) return none;
      const at = now();
      const lastRuns = await findLastRuns(db, candidates.map(leaseName));
      const started: { name: string; finished: Promise<void> }[] = [];
      for (const job of candidates) {
        try {
          if (!(await isDue(job, lastRuns.get(leaseName(job)) ?? null, at))) continue;
        } catch (err) {
          log.error({ err, job: job.name }, 'scheduler: working out when a job is due failed');
          continue;
        }
        const run = await runJob(job, false);
        if (run) started.push({ name: job.name, finished: run.finished });
      }
      return { started: started.map((s) => s.name), finished: Promise.all(started.map((s) => s.finished)).then(() => undefined) };
    },
    async runNow(job) {
      const run = await runIfStillDue(job, true);
      return run ? { started: true, finished: run.finished } : { started: false, reason: 'busy' };
    },
    async stop() {
      stopping = true;
      const runs = [...running.values()];
      for (const run of runs) run.controller.abort(new Error('The server is shutting down'));
      await Promise.all(runs.map((run) => run.finished));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Scheduled work (supplier feeds): register jobs here; one server of those sharing the database runs each. */
    scheduler: Scheduler;
  }
}

/**
 * The app's scheduler: looks for due jobs every `config.schedulerIntervalMs`, runs each under its
 * lease; stopped on close (runs under way are aborted and awaited, their leases released).
 */
export function startScheduler(app: FastifyInstance, options: Partial<SchedulerOptions> = {}) {
  const scheduler = createScheduler({ db: app.deps.db, log: app.log, ...options });
  app.decorate('scheduler', scheduler);
  let ticking: Promise<unknown> | undefined;
  const every = setInterval(() => {
    // One look at a time; a long run goes on past its tick (the next skips it while it runs here).
    if (ticking) return;
    ticking = scheduler
      .tick()
      .catch((err: unknown) => app.log.error({ err }, 'scheduler: looking for due jobs failed'))
      .finally(() => (ticking = undefined));
  }, app.deps.config.schedulerIntervalMs).unref();
  app.addHook('onClose', async () => {
    clearInterval(every);
    await scheduler.stop();
    await ticking;
  });
}
