import { z } from 'zod';

/** A local date and time on a wall clock, months 1-12. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string) => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** Whether `name` is a time zone this runtime knows (IANA names such as Europe/Berlin, and UTC). */
export function isTimeZone(name: string): boolean {
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

/** The shop's time zone: an IANA name, checked against the runtime's own list. */
export const timeZoneSchema = z
  .string('Time zone must be a text')
  .trim()
  .min(1, 'Time zone is required')
  .max(64, 'Time zone must be at most 64 characters')
  .refine(isTimeZone, 'Time zone must be an IANA time zone name such as Europe/Berlin');

export const DEFAULT_TIME_ZONE = 'UTC';

/** The time zones to choose from: UTC first, then the runtime's IANA names (Intl lists UTC under Etc/ or not at all). */
export const timeZoneNames = (): string[] => [DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf('timeZone').filter((name) => name !== DEFAULT_TIME_ZONE)];

/** The wall clock in `timeZone` at `instant` (seconds dropped). */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute) };
}

const asUtcMs = (w: WallClock) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
/** How far `timeZone`'s wall clock is ahead of UTC at `instantMs`, in ms (whole minutes). */
const offsetAt = (instantMs: number, timeZone: string) => asUtcMs(wallClockAt(new Date(instantMs), timeZone)) - Math.floor(instantMs / 60_000) * 60_000;

const HOUR_MS = 3_600_000;

/**
 * The instant the wall clock in `timeZone` shows `wall`. Around a change of offset it does what
 * cron and Temporal's 'compatible' do: a time the clock skips (02:30 when it jumps from 02:00 to
 * 03:00) is taken as that much later (03:30), and a time it shows twice (when it goes back) is the
 * first of the two.
 */
export function instantOfWallClock(wall: WallClock, timeZone: string): Date {
  const local = asUtcMs(wall);
  // The offsets in force a day either side: any change of offset near `wall` lies between them.
  const before = offsetAt(local - 24 * HOUR_MS, timeZone);
  const after = offsetAt(local + 24 * HOUR_MS, timeZone);
  const matches = [local - before, local - after].filter((ms) => asUtcMs(wallClockAt(new Date(ms), timeZone)) === local);
  if (matches.length > 0) return new Date(Math.min(...matches));
  // Skipped: read with the offset before the jump, which lands after it by the size of the gap.
  return new Date(local - before);
}
