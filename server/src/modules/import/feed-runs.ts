import fs from 'node:fs';
import path from 'node:path';
import { HELD_RUN_ERRORS, nextFeedRunAt, type HeldRunSummary, type ImportPreviewResponse, type ImportProfile } from '@bosun/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.js';
import { displayUrl, FeedFetchError, safeFetch, type FeedCredentials } from '../../lib/safe-fetch.js';
import { SecretBoxError } from '../../lib/secret-box.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { ScheduledJob } from '../scheduler/index.js';
import { getSettings } from '../settings/index.js';
import { previewImport } from './import-preview.js';
import { fixedFormatOf, getImportProfile, listImportProfiles, openFeedSecret, rulesOfProfile } from './import-profiles.service.js';
import { keepHeldFile } from './held-feed-store.js';
import { supersedeHeldRuns } from './held-runs.service.js';
import { recordUnimportedRun, type NewImportRun } from './import-runs.service.js';
import type { ImportDeps } from './import.service.js';
import { importFailureMessage, runRecordedImport } from './recorded-import.js';
import { makeSpoolDir } from './spool-dir.js';
import { utf8Check } from './utf8-check.js';

/**
 * Supplier feeds (issue 22): a profile's file fetched from its URL, on its schedule or by 'Run
 * now', and imported by the profile. Every run is on the Imports page. The dry run comes first: a
 * run it finds suspicious (more of the vendor's products missing than the profile allows, or more
 * failing rows) is held there: recorded 'held' with the reason and what the dry run found, its
 * file kept, nothing written, until staff apply it (held-run-apply.ts) or dismiss it (held-runs.service.ts).
 * A fetch that fails is a failed run: there is nothing to apply.
 */
export interface FeedDeps extends ImportDeps {
  secrets: SecretBox;
  log: FastifyBaseLogger;
}

export interface FeedRunBy {
  /** Who pressed 'Run now'; null for a scheduled run. */
  userId: number | null;
  confirmMissing?: boolean;
  acceptFailedRows?: boolean;
}

const FEED_RUN_MESSAGES = {
  held: (reason: string) => `Held at the dry run: ${reason} Nothing was imported; look at it on the Imports page and apply or dismiss it.`,
  failedRows: (failed: number, total: number, percent: number, max: number) => `${failed} of ${total} rows would fail (${percent}%), more than the profile's limit of ${max}%.`,
  missing: (missing: number, vendorProducts: number, percent: number, max: number) =>
    `${missing} of the vendor's ${vendorProducts} products are not in the file (${percent}%), more than the profile's limit of ${max}%.`,
};

async function credentialsOf(deps: FeedDeps, profile: ImportProfile): Promise<FeedCredentials | undefined> {
  const feed = profile.feed!;
  if (feed.authKind === 'none') return undefined;
  const secret = (await openFeedSecret(deps.db, deps.secrets, profile.id)) ?? '';
  return feed.authKind === 'basic' ? { kind: 'basic', username: feed.authName, password: secret } : { kind: 'header', name: feed.authName, value: secret };
}

/** Whether the file is an Excel workbook (a zip archive) and whether its bytes are UTF-8, read once. */
export async function describeFile(file: string): Promise<{ workbook: boolean; utf8Valid: boolean }> {
  const check = utf8Check();
  let head: Buffer | undefined;
  for await (const chunk of fs.createReadStream(file)) {
    head ??= chunk as Buffer;
    check.add(chunk as Buffer);
  }
  return { workbook: head !== undefined && head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])), utf8Valid: check.valid };
}

const runOfFeed = (profile: ImportProfile, userId: number | null, fileName: string): NewImportRun => ({
  userId, vendorId: profile.vendorId, fileName, mode: profile.mode, updateMode: profile.updateExisting, profileId: profile.id, feedRun: true,
});

/** How the profile imports its feed's file (its own rules; the full list as its feed says). */
export const importRequestOf = (profile: ImportProfile) => ({
  mapping: profile.mapping as Record<string, string>, updateMode: profile.updateExisting, vendorId: profile.vendorId, rules: rulesOfProfile(profile), fullList: profile.feed?.fullList ?? false,
  fileFormat: fixedFormatOf(profile),
});

/** A run that ended before its import: recorded, with its reason, as a failed run of the profile. */
async function recordUnimported(deps: FeedDeps, profile: ImportProfile, by: FeedRunBy, message: string) {
  const id = await recordUnimportedRun(deps.db, runOfFeed(profile, by.userId, displayUrl(profile.feed!.url)), { status: 'failed' }, message);
  deps.log.warn({ profileId: profile.id, importRun: id, reason: message }, 'feed run not imported');
}

/** What a held run keeps of its dry run for staff to judge it by. */
function heldSummary(kind: HeldRunSummary['kind'], reason: string, { dryRun, totalRows }: ImportPreviewResponse): HeldRunSummary {
  return {
    kind, reason, heldAt: new Date().toISOString(), totalRows,
    create: dryRun.create, update: dryRun.update, skip: dryRun.skip, errorCount: dryRun.errorCount, errors: dryRun.errors.slice(0, HELD_RUN_ERRORS),
    ...(dryRun.changes ? { changes: dryRun.changes } : {}),
    ...(dryRun.missing ? { missing: dryRun.missing } : {}),
    ...(dryRun.pricedByRules !== undefined ? { pricedByRules: dryRun.pricedByRules } : {}),
  };
}

/**
 * A suspicious run: its file kept in the database, then the run recorded 'held' (so a held run
 * always has its whole file); it supersedes the profile's held run before it (one file a profile).
 */
async function recordHeld(deps: FeedDeps, profile: ImportProfile, by: FeedRunBy, fetched: string, summary: HeldRunSummary) {
  const file = await keepHeldFile(deps.db, fetched, profile.id);
  const id = await recordUnimportedRun(deps.db, runOfFeed(profile, by.userId, displayUrl(profile.feed!.url)), { status: 'held', summary, file }, FEED_RUN_MESSAGES.held(summary.reason));
  await supersedeHeldRuns(deps, profile.id, id);
  deps.log.warn({ profileId: profile.id, importRun: id, reason: summary.reason }, 'feed run held at its dry run');
}

/** Fetches the profile's feed and imports it by the profile, the dry run first. */
export async function runFeed(deps: FeedDeps, profileId: number, by: FeedRunBy): Promise<void> {
  const profile = await getImportProfile(deps.db, profileId);
  const feed = profile.feed;
  if (!feed) return;
  const spool = await makeSpoolDir();
  try {
    const destination = path.join(spool.dir, 'feed');
    try {
      await safeFetch({ url: feed.url, destination, credentials: await credentialsOf(deps, profile), ...deps.config.feeds, log: deps.log });
    } catch (err) {
      // safeFetch's failures and a stored secret that no longer opens are written for staff (and keep
      // credentials out); anything else is said in our words and logged as it was.
      const said = err instanceof FeedFetchError || err instanceof SecretBoxError;
      if (!said) deps.log.error({ err, profileId: profile.id }, 'feed run failed before its file was fetched');
      await recordUnimported(deps, profile, by, said ? err.message : importFailureMessage(err));
      return;
    }
    const file = { path: destination, ...(await describeFile(destination)) };
    const request = importRequestOf(profile);
    let held: HeldRunSummary | undefined;
    try {
      const preview = await previewImport(deps, file, request);
      const { dryRun, totalRows } = preview;
      const failedPercent = totalRows ? Math.round((dryRun.errorCount / totalRows) * 1000) / 10 : 0;
      if (dryRun.missing?.overLimit && !by.confirmMissing) {
        held = heldSummary('missing', FEED_RUN_MESSAGES.missing(dryRun.missing.missing, dryRun.missing.vendorProducts, dryRun.missing.percent, dryRun.missing.maxPercent), preview);
      } else if (failedPercent > feed.maxFailedPercent && !by.acceptFailedRows) {
        held = heldSummary('failedRows', FEED_RUN_MESSAGES.failedRows(dryRun.errorCount, totalRows, failedPercent, feed.maxFailedPercent), preview);
      }
    } catch (err) {
      // A file the import cannot read (not CSV, a mapping whose columns it lacks) is the run's failure.
      if (!(err instanceof AppError)) deps.log.error({ err, profileId: profile.id }, 'feed dry run failed');
      await recordUnimported(deps, profile, by, importFailureMessage(err));
      return;
    }
    if (held) {
      await recordHeld(deps, profile, by, destination, held);
      return;
    }
    await runRecordedImport(
      deps,
      file,
      { ...request, mode: profile.mode, confirmMissing: true, userId: by.userId, fileName: displayUrl(feed.url), profileId: profile.id, feedRun: true },
      () => {},
      () => false,
      deps.log,
    );
  } finally {
    await spool.remove();
  }
}

/** The lease and job name of a profile's feed: 'Run now' and the schedule share it, so one never runs beside the other. */
export const feedJobName = (profileId: number) => `feed:${profileId}`;

export function feedJob(deps: FeedDeps, profileId: number, by: FeedRunBy, schedule?: { nextRunAt: ScheduledJob['nextRunAt'] }): ScheduledJob {
  return { name: feedJobName(profileId), nextRunAt: schedule?.nextRunAt ?? (() => null), run: () => runFeed(deps, profileId, by) };
}

/** The scheduler's source of feed jobs: every profile with a feed on a schedule, read afresh at each look (profiles without a feed are not read). */
export async function scheduledFeedJobs(deps: FeedDeps): Promise<ScheduledJob[]> {
  const profiles = (await listImportProfiles(deps.db, { withFeed: true })).filter((p) => p.feed?.schedule);
  if (!profiles.length) return [];
  const timeZone = (await getSettings(deps.db)).time_zone ?? 'UTC';
  return profiles.map((p) =>
    feedJob(deps, p.id, { userId: null }, { nextRunAt: (lastRunAt, now) => nextFeedRunAt(p.feed!.schedule!, { timeZone, lastRunAt, now }) }),
  );
}
