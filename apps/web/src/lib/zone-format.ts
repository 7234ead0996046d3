import { clockText, dayText } from '@pledgeway/domain/dates';

/*
 * Days and times in a time zone as Intl's en-US writes them. Pages show instants in UTC while they
 * are rendered on the server and hydrated, then in the browser's own zone (lib/hydration.tsx); both
 * are written here from Date's getters, because a tab's first use of Intl costs 30–60 ms of main
 * thread (decision 127). zone-format.test.ts compares the results with Intl's in every zone Intl knows.
 */

/** Where instants are shown: 'UTC' on the server and while hydrating, then the browser's own zone (undefined). */
export type DisplayZone = 'UTC' | undefined;

/** Intl's en-US short names for the zones that have one; every other zone is written as its offset. */
const SHORT_ZONE_NAMES: Record<string, string> = {
  'Coordinated Universal Time': 'UTC',
  'Greenwich Mean Time': 'GMT',
  'Hawaii-Aleutian Standard Time': 'HST',
  'Hawaii-Aleutian Daylight Time': 'HADT',
  'Alaska Standard Time': 'AKST',
  'Alaska Daylight Time': 'AKDT',
  'Pacific Standard Time': 'PST',
  'Pacific Daylight Time': 'PDT',
  'Mountain Standard Time': 'MST',
  'Mountain Daylight Time': 'MDT',
  'Central Standard Time': 'CST',
  'Central Daylight Time': 'CDT',
  'Eastern Standard Time': 'EST',
  'Eastern Daylight Time': 'EDT',
  'Atlantic Standard Time': 'AST',
  'Atlantic Daylight Time': 'ADT',
};

/** The browser's zone at an instant, as Intl's `timeZoneName: 'short'` writes it: "PST", "GMT+1", "GMT+5:30". */
function localZoneName(instant: Date): string {
  // Date's own text names the zone ("… GMT-0800 (Pacific Standard Time)") without loading Intl.
  const longName = /\(([^)]+)\)$/.exec(instant.toString())?.[1];
  const shortName = longName ? SHORT_ZONE_NAMES[longName] : undefined;
  if (shortName) return shortName;
  const offset = -instant.getTimezoneOffset();
  if (offset === 0) return 'GMT';
  const hours = Math.trunc(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  return `GMT${offset < 0 ? '-' : '+'}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

interface WallClock {
  day: string;
  time: string;
  zone: string;
}

/** An instant's day, time and zone name in UTC or the browser's zone. */
function wallClock(instant: Date, timeZone: DisplayZone): WallClock {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid time value'); // as Intl's format
  if (timeZone === 'UTC') {
    return {
      day: dayText(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()),
      time: clockText(instant.getUTCHours(), instant.getUTCMinutes()),
      zone: 'UTC',
    };
  }
  return {
    day: dayText(instant.getFullYear(), instant.getMonth(), instant.getDate()),
    time: clockText(instant.getHours(), instant.getMinutes()),
    zone: localZoneName(instant),
  };
}

/** "Dec 12, 2026" in UTC or the browser's zone (undefined). */
export function formatDayIn(instant: Date, timeZone: DisplayZone): string {
  return wallClock(instant, timeZone).day;
}

/** "Dec 12, 2026, 6:00 PM" in UTC or the browser's zone (undefined). */
export function formatDayAndTimeIn(instant: Date, timeZone: DisplayZone): string {
  const clock = wallClock(instant, timeZone);
  return `${clock.day}, ${clock.time}`;
}

/** "Dec 12, 2026, 6:00 PM PST" in UTC or the browser's zone (undefined). */
export function formatInstantIn(instant: Date, timeZone: DisplayZone): string {
  const clock = wallClock(instant, timeZone);
  return `${clock.day}, ${clock.time} ${clock.zone}`;
}
