import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { nowIso } from '../../db/clock.js';
import type { DB } from '../../db/types.js';
import { checkImageAddress, type ImageFetchOptions } from './image-fetch.js';

/**
 * The 'image URL does not load' check (issue 23), in the background: each round walks the listed
 * products' image addresses in order from where the last round stopped (products_image_url_idx,
 * never the whole catalogue at once), asks the ones not checked lately (image-fetch.ts), one at a
 * time and at most one request per host per perHostMs, and records each answer in image_url_checks.
 */
export interface ImageCheckOptions extends ImageFetchOptions {
  /** Addresses a round reads from the index. */
  batch: number;
  /** The least time between two requests to one host. */
  perHostMs: number;
  /** An address is asked again after this long. */
  recheckAfterMs: number;
}

export const IMAGE_CHECKS: ImageCheckOptions & { everyMs: number } = {
  batch: 50,
  perHostMs: 2000,
  recheckAfterMs: 7 * 24 * 3600 * 1000,
  timeoutMs: 5000,
  maxRedirects: 3,
  everyMs: 30_000,
};

/** The next addresses after `after` in index order that were never asked, or not since `cutoff`. */
async function addressesToAsk(db: Kysely<DB>, after: string, cutoff: string, batch: number) {
  const { rows } = await sql<{ url: string; due: number }>`select a.url, case when c.url is null or c.checked_at < ${cutoff} then 1 else 0 end as due
    from (select distinct image_url as url from (select image_url from products where parent_id is null and image_url is not null and image_url > ${after}
      order by image_url limit ${batch}) walked) a
    left join image_url_checks c on c.url = a.url order by a.url`.execute(db);
  return rows;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One round; returns where the next one starts ('' again once the end was reached). */
export async function runImageChecks(db: Kysely<DB>, after: string, options: ImageCheckOptions, lastAsked = new Map<string, number>()): Promise<string> {
  const cutoff = new Date(Date.now() - options.recheckAfterMs).toISOString();
  const walked = await addressesToAsk(db, after, cutoff, options.batch);
  for (const { url, due } of walked) {
    if (!Number(due) || !/^https?:\/\//i.test(url)) continue;
    const host = URL.canParse(url) ? new URL(url).host : url;
    const wait = (lastAsked.get(host) ?? -Infinity) + options.perHostMs - Date.now();
    if (wait > 0) await sleep(wait);
    lastAsked.set(host, Date.now());
    const answer = await checkImageAddress(url, options);
    await db
      .insertInto('image_url_checks')
      .values({ url, broken: answer.broken ? 1 : 0, detail: answer.detail, checked_at: nowIso() })
      .onConflict((oc) => oc.column('url').doUpdateSet({ broken: answer.broken ? 1 : 0, detail: answer.detail, checked_at: nowIso() }))
      .execute();
  }
  return walked.length < options.batch ? '' : walked.at(-1)!.url;
}

/** Rounds every everyMs while the server runs; a round never overlaps the last. */
export function startImageChecks(app: FastifyInstance, options = IMAGE_CHECKS) {
  let after = '';
  const lastAsked = new Map<string, number>();
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    running = runImageChecks(app.deps.db, after, options, lastAsked)
      .then((next) => (after = next))
      .catch((err: unknown) => app.log.error({ err }, 'image check failed'))
      .finally(() => (running = undefined));
  };
  const every = setInterval(run, options.everyMs).unref();
  app.addHook('onClose', async () => {
    clearInterval(every);
    await running;
  });
}
