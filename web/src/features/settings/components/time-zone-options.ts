import { timeZoneNames } from '@bosun/shared';

let options: { value: string; label: string }[] | undefined;

/**
 * The time zones to choose from, each with its offset from UTC today ('Europe/Berlin (GMT+01:00)'),
 * so that a search finds a zone by city or by offset. Worked out once: there are about 420.
 */
export function timeZoneOptions() {
  options ??= timeZoneNames().map((name) => {
    const offset = new Intl.DateTimeFormat('en-US', { timeZone: name, timeZoneName: 'longOffset' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value;
    return { value: name, label: offset ? `${name.replaceAll('_', ' ')} (${offset})` : name };
  });
  return options;
}
