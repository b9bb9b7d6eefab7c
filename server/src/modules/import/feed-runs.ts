import fs from 'node:fs';
import path from 'node:path';
import { nextFeedRunAt, type ImportProfile } from '@bosun/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.js';
import { displayUrl, safeFetch, type FeedCredentials } from '../../lib/safe-fetch.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { ScheduledJob } from '../scheduler/index.js';
import { getSettings } from '../settings/index.js';
import { previewImport } from './import-preview.js';
import { fixedFormatOf, getImportProfile, listImportProfiles, openFeedSecret, rulesOfProfile } from './import-profiles.service.js';
import { startImportRun } from './import-runs.service.js';
import type { ImportDeps } from './import.service.js';
import { runRecordedImport } from './recorded-import.js';
import { makeSpoolDir } from './spool-dir.js';
import { utf8Check } from './utf8-check.js';

/**
 * Supplier feeds (issue 22): a profile's file fetched from its URL, on its schedule or by 'Run
 * now', and imported by the profile. Every run is on the Imports page. The dry run comes first: a
 * run it finds suspicious (more of the vendor's products missing than the profile allows, or more
 * failing rows) is held there: recorded as failed with the reason, nothing written, until staff
 * run it with their confirmation.
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
  held: (reason: string) => `Held at the dry run: ${reason} Nothing was imported; run the feed from its profile with the confirmation to apply it.`,
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
async function describeFile(file: string): Promise<{ workbook: boolean; utf8Valid: boolean }> {
  const check = utf8Check();
  let head: Buffer | undefined;
  for await (const chunk of fs.createReadStream(file)) {
    head ??= chunk as Buffer;
    check.add(chunk as Buffer);
  }
  return { workbook: head !== undefined && head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])), utf8Valid: check.valid };
}

/** A run that ended before its import: recorded, with its reason, as a failed run of the profile. */
async function recordUnimported(deps: FeedDeps, profile: ImportProfile, by: FeedRunBy, message: string) {
  const counts = { rowsRead: 0, created: 0, updated: 0, skipped: 0, errorCount: 0 };
  const run = await startImportRun(deps.db, { userId: by.userId, vendorId: profile.vendorId, fileName: displayUrl(profile.feed!.url), mode: profile.mode, updateMode: profile.updateExisting, profileId: profile.id }, () => counts, false);
  await run.finish('failed', counts, message);
  deps.log.warn({ profileId: profile.id, importRun: run.id, reason: message }, 'feed run not imported');
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
      await recordUnimported(deps, profile, by, err instanceof Error ? err.message : String(err));
      return;
    }
    const file = { path: destination, ...(await describeFile(destination)) };
    const rules = rulesOfProfile(profile);
    const request = { mapping: profile.mapping as Record<string, string>, updateMode: profile.updateExisting, vendorId: profile.vendorId, rules, fullList: feed.fullList, fileFormat: fixedFormatOf(profile) };
    let held: string | undefined;
    try {
      const { dryRun, totalRows } = await previewImport(deps, file, request);
      const failedPercent = totalRows ? Math.round((dryRun.errorCount / totalRows) * 1000) / 10 : 0;
      if (dryRun.missing?.overLimit && !by.confirmMissing) held = FEED_RUN_MESSAGES.missing(dryRun.missing.missing, dryRun.missing.vendorProducts, dryRun.missing.percent, dryRun.missing.maxPercent);
      else if (failedPercent > feed.maxFailedPercent && !by.acceptFailedRows) held = FEED_RUN_MESSAGES.failedRows(dryRun.errorCount, totalRows, failedPercent, feed.maxFailedPercent);
    } catch (err) {
      // A file the import cannot read (not CSV, a mapping whose columns it lacks) is the run's failure.
      await recordUnimported(deps, profile, by, err instanceof AppError ? err.message : String(err));
      return;
    }
    if (held) {
      await recordUnimported(deps, profile, by, FEED_RUN_MESSAGES.held(held));
      return;
    }
    await runRecordedImport(
      deps,
      file,
      { ...request, mode: profile.mode, confirmMissing: true, userId: by.userId, fileName: displayUrl(feed.url), profileId: profile.id },
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

/** The scheduler's source of feed jobs: every profile with a feed on a schedule, read afresh at each look. */
export async function scheduledFeedJobs(deps: FeedDeps): Promise<ScheduledJob[]> {
  const profiles = (await listImportProfiles(deps.db)).filter((p) => p.feed?.schedule);
  if (!profiles.length) return [];
  const timeZone = (await getSettings(deps.db)).time_zone ?? 'UTC';
  return profiles.map((p) =>
    feedJob(deps, p.id, { userId: null }, { nextRunAt: (lastRunAt, now) => nextFeedRunAt(p.feed!.schedule!, { timeZone, lastRunAt, now }) }),
  );
}
