import { describe, expect, it } from 'vitest';
import { feedScheduleSchema, feedScheduleText, nextFeedRunAt, type FeedSchedule } from './feed-schedule.js';
import { instantOfWallClock, timeZoneNames, timeZoneSchema } from './time-zone.js';

const at = (iso: string) => new Date(iso);
const next = (schedule: FeedSchedule, timeZone: string, lastRunAt: string | null, now: string) =>
  nextFeedRunAt(schedule, { timeZone, lastRunAt: lastRunAt ? at(lastRunAt) : null, now: at(now) }).toISOString();

/** Runs a schedule minute by minute from `from` to `to` as the scheduler would, and answers when it ran. */
function simulate(schedule: FeedSchedule, timeZone: string, from: string, to: string): string[] {
  const runs: string[] = [];
  let lastRunAt: Date | null = null;
  for (let now = at(from); now < at(to); now = new Date(now.getTime() + 60_000)) {
    if (nextFeedRunAt(schedule, { timeZone, lastRunAt, now }) <= now) {
      runs.push(now.toISOString());
      lastRunAt = now;
    }
  }
  return runs;
}

describe('nextFeedRunAt, daily', () => {
  const daily = (time: string): FeedSchedule => ({ kind: 'daily', at: time });

  it('runs at the time of the shop’s zone, today if it is still to come, else tomorrow', () => {
    expect(next(daily('06:00'), 'Europe/Berlin', null, '2026-06-01T03:00:00Z')).toBe('2026-06-01T04:00:00.000Z');
    expect(next(daily('06:00'), 'Europe/Berlin', null, '2026-06-01T04:00:00Z')).toBe('2026-06-01T04:00:00.000Z');
    expect(next(daily('06:00'), 'Europe/Berlin', null, '2026-06-01T04:00:01Z')).toBe('2026-06-02T04:00:00.000Z');
    expect(next(daily('06:00'), 'Europe/Berlin', '2026-06-01T04:00:00Z', '2026-06-01T04:00:00Z')).toBe('2026-06-02T04:00:00.000Z');
    // West of UTC the local date is behind: 23:00 in Los Angeles is 06:00 UTC the next day.
    expect(next(daily('23:00'), 'America/Los_Angeles', null, '2026-06-01T12:00:00Z')).toBe('2026-06-02T06:00:00.000Z');
    expect(next(daily('23:00'), 'America/Los_Angeles', '2026-06-02T06:00:00Z', '2026-06-02T06:00:00Z')).toBe('2026-06-03T06:00:00.000Z');
    expect(next(daily('06:00'), 'Asia/Kathmandu', null, '2026-06-01T00:00:00Z')).toBe('2026-06-01T00:15:00.000Z');
    expect(next(daily('00:00'), 'UTC', null, '2026-12-31T23:59:00Z')).toBe('2027-01-01T00:00:00.000Z');
  });

  it('is due at once, once, after runs were missed while no server ran', () => {
    expect(next(daily('06:00'), 'Europe/Berlin', '2026-06-01T04:00:00Z', '2026-06-05T12:00:00Z')).toBe('2026-06-02T04:00:00.000Z');
    expect(next(daily('06:00'), 'Europe/Berlin', '2026-06-05T12:00:00Z', '2026-06-05T12:00:00Z')).toBe('2026-06-06T04:00:00.000Z');
  });

  it('on a spring-forward day runs a skipped 02:30 when the clock jumps past it (03:30), and the next day at 02:30', () => {
    // Berlin, 29 March 2026: 02:00 CET becomes 03:00 CEST.
    expect(next(daily('02:30'), 'Europe/Berlin', '2026-03-28T01:30:00Z', '2026-03-28T01:30:00Z')).toBe('2026-03-29T01:30:00.000Z');
    expect(next(daily('02:30'), 'Europe/Berlin', '2026-03-29T01:30:00Z', '2026-03-29T01:30:00Z')).toBe('2026-03-30T00:30:00.000Z');
    expect(simulate(daily('02:30'), 'Europe/Berlin', '2026-03-27T12:00:00Z', '2026-03-31T00:00:00Z')).toEqual([
      '2026-03-28T01:30:00.000Z',
      '2026-03-29T01:30:00.000Z',
      '2026-03-30T00:30:00.000Z',
    ]);
    // New York, 8 March 2026: 02:00 EST becomes 03:00 EDT.
    expect(next(daily('02:30'), 'America/New_York', '2026-03-07T07:30:00Z', '2026-03-07T07:30:00Z')).toBe('2026-03-08T07:30:00.000Z');
  });

  it('on a fall-back day runs a twice-shown 02:30 once, at the first', () => {
    // Berlin, 25 October 2026: 03:00 CEST becomes 02:00 CET; 02:30 is 00:30Z and again 01:30Z.
    expect(next(daily('02:30'), 'Europe/Berlin', '2026-10-24T00:30:00Z', '2026-10-24T00:30:00Z')).toBe('2026-10-25T00:30:00.000Z');
    expect(next(daily('02:30'), 'Europe/Berlin', '2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z')).toBe('2026-10-26T01:30:00.000Z');
    expect(simulate(daily('02:30'), 'Europe/Berlin', '2026-10-23T12:00:00Z', '2026-10-27T00:00:00Z')).toEqual([
      '2026-10-24T00:30:00.000Z',
      '2026-10-25T00:30:00.000Z',
      '2026-10-26T01:30:00.000Z',
    ]);
  });
});

describe('nextFeedRunAt, every N hours', () => {
  it('counts elapsed hours from the last run, whatever the wall clock does; with no run yet it is due now', () => {
    const every6: FeedSchedule = { kind: 'hours', everyHours: 6 };
    expect(next(every6, 'Europe/Berlin', null, '2026-06-01T10:17:00Z')).toBe('2026-06-01T10:17:00.000Z');
    expect(next(every6, 'Europe/Berlin', '2026-06-01T10:17:00Z', '2026-06-01T10:17:00Z')).toBe('2026-06-01T16:17:00.000Z');
    expect(next({ kind: 'hours', everyHours: 24 }, 'Europe/Berlin', '2026-10-24T12:00:00Z', '2026-10-24T12:00:00Z')).toBe('2026-10-25T12:00:00.000Z');
    expect(simulate({ kind: 'hours', everyHours: 1 }, 'Europe/Berlin', '2026-10-25T00:00:00Z', '2026-10-25T04:00:00Z')).toHaveLength(4);
  });
});

describe('feedScheduleSchema', () => {
  it('takes every 1 to 168 hours or daily at HH:MM, and names what is wrong otherwise', () => {
    expect(feedScheduleSchema.parse({ kind: 'hours', everyHours: 168 })).toEqual({ kind: 'hours', everyHours: 168 });
    expect(feedScheduleSchema.parse({ kind: 'daily', at: '23:59' })).toEqual({ kind: 'daily', at: '23:59' });
    const message = (value: unknown) => feedScheduleSchema.safeParse(value).error?.issues[0]?.message;
    expect(message({ kind: 'hours', everyHours: 0 })).toBe('Hours must be at least 1');
    expect(message({ kind: 'hours', everyHours: 169 })).toBe('Hours must be at most 168');
    expect(message({ kind: 'hours', everyHours: 1.5 })).toBe('Hours must be a whole number');
    expect(message({ kind: 'daily', at: '24:00' })).toBe('Time must be HH:MM, from 00:00 to 23:59');
    expect(message({ kind: 'daily', at: '7:00' })).toBe('Time must be HH:MM, from 00:00 to 23:59');
    expect(message({ kind: 'weekly' })).toBe('Schedule must be every N hours or daily at a time');
  });
});

describe('time zones', () => {
  it('accepts IANA names and UTC, refuses anything else', () => {
    expect(timeZoneSchema.parse('Europe/Berlin')).toBe('Europe/Berlin');
    expect(timeZoneSchema.parse('UTC')).toBe('UTC');
    expect(timeZoneSchema.safeParse('Mars/Olympus_Mons').error?.issues[0]?.message).toBe('Time zone must be an IANA time zone name such as Europe/Berlin');
    expect(timeZoneSchema.safeParse('').success).toBe(false);
    expect(timeZoneNames()[0]).toBe('UTC');
    expect(timeZoneNames()).toContain('Pacific/Auckland');
    expect(new Set(timeZoneNames()).size).toBe(timeZoneNames().length);
  });

  it('finds the instant of a wall-clock time, taking the first of a doubled time and moving a skipped one forward', () => {
    const wall = (day: number, month: number, hour: number, minute: number) => ({ year: 2026, month, day, hour, minute });
    expect(instantOfWallClock(wall(25, 10, 2, 30), 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(instantOfWallClock(wall(29, 3, 2, 30), 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(instantOfWallClock(wall(29, 3, 3, 0), 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(instantOfWallClock(wall(5, 4, 2, 0), 'Australia/Sydney').toISOString()).toBe('2026-04-04T15:00:00.000Z');
  });
});

describe('feedScheduleText', () => {
  it('says a schedule in words, with the time zone of a daily run when known', () => {
    expect(feedScheduleText(null)).toBe('No schedule: Run now only');
    expect(feedScheduleText({ kind: 'hours', everyHours: 1 })).toBe('Every hour');
    expect(feedScheduleText({ kind: 'hours', everyHours: 6 }, 'Europe/Oslo')).toBe('Every 6 hours');
    expect(feedScheduleText({ kind: 'daily', at: '06:30' }, 'Europe/Oslo')).toBe('Daily at 06:30 (Europe/Oslo)');
    expect(feedScheduleText({ kind: 'daily', at: '06:30' })).toBe('Daily at 06:30');
  });
});
