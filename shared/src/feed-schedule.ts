import { z } from 'zod';
import { instantOfWallClock, wallClockAt } from './time-zone.js';

export const FEED_EVERY_HOURS_MIN = 1;
export const FEED_EVERY_HOURS_MAX = 168;

/** When a supplier feed is fetched: every N hours, or daily at a time of the shop's time zone. */
export const feedScheduleSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('hours'),
      everyHours: z
        .number('Hours must be a number')
        .int('Hours must be a whole number')
        .min(FEED_EVERY_HOURS_MIN, `Hours must be at least ${FEED_EVERY_HOURS_MIN}`)
        .max(FEED_EVERY_HOURS_MAX, `Hours must be at most ${FEED_EVERY_HOURS_MAX}`),
    }),
    z.object({
      kind: z.literal('daily'),
      at: z.string('Time must be a text').regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM, from 00:00 to 23:59'),
    }),
  ],
  'Schedule must be every N hours or daily at a time',
);
export type FeedSchedule = z.infer<typeof feedScheduleSchema>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * When a feed next runs. Every N hours counts elapsed time from the last run. Daily runs at the
 * first `at` of the shop's wall clock after the last run (a run missed while no server ran is due
 * at once, and once); a time the clock skips that day runs when the clock jumps past it
 * (02:30 -> 03:30), a time it shows twice runs at the first. Without a last run: at once for every N
 * hours, at the next `at` from now for daily.
 */
export function nextFeedRunAt(schedule: FeedSchedule, options: { timeZone: string; lastRunAt: Date | null; now: Date }): Date {
  const { timeZone, lastRunAt, now } = options;
  if (schedule.kind === 'hours') return lastRunAt ? new Date(lastRunAt.getTime() + schedule.everyHours * HOUR_MS) : now;
  const from = lastRunAt ?? now;
  const [hour, minute] = schedule.at.split(':').map(Number) as [number, number];
  const today = wallClockAt(from, timeZone);
  // The first day whose run is after the last one (or not before now, with none): today, tomorrow,
  // or at the latest the day after (when the local date is still yesterday's in UTC terms).
  for (let days = 0; ; days++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day) + days * DAY_MS);
    const run = instantOfWallClock({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour, minute }, timeZone);
    if (lastRunAt ? run > lastRunAt : run >= now) return run;
  }
}

/** A feed's schedule in words, for lists and forms: 'Every 6 hours', 'Daily at 06:30 (Europe/Oslo)'. */
export function feedScheduleText(schedule: FeedSchedule | null, timeZone?: string): string {
  if (!schedule) return 'No schedule: Run now only';
  if (schedule.kind === 'hours') return schedule.everyHours === 1 ? 'Every hour' : `Every ${schedule.everyHours} hours`;
  return timeZone ? `Daily at ${schedule.at} (${timeZone})` : `Daily at ${schedule.at}`;
}
