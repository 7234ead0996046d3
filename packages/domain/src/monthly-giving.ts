/**
 * Monthly giving's calendar (decision 140): every date in UTC, and the one rule for the month's
 * end. A gift has a charge day (1–31); in a month shorter than that, it falls on the month's last
 * day (the 31st is Apr 30, the 29th–31st are Feb 28 or 29). Each month is a period, "YYYY-MM",
 * charged at most once.
 */

import { monthText } from './dates.ts';

/** The days of a month (`monthIndex` 0–11, any year) in the Gregorian calendar. */
export function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** A period's year and month (0–11) from its "YYYY-MM". */
export function parsePeriod(period: string): { year: number; monthIndex: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) throw new RangeError(`not a period: ${period}`);
  const monthIndex = Number(match[2]) - 1;
  if (monthIndex < 0 || monthIndex > 11) throw new RangeError(`not a period: ${period}`);
  return { year: Number(match[1]), monthIndex };
}

/** The period ("YYYY-MM") an instant falls in, in UTC. */
export function periodOf(instant: Date): string {
  return `${instant.getUTCFullYear()}-${String(instant.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The period `months` after `period` (negative goes back). */
export function addPeriods(period: string, months: number): string {
  const { year, monthIndex } = parsePeriod(period);
  return periodOf(new Date(Date.UTC(year, monthIndex + months, 1)));
}

/** When a gift with this charge day is charged in `period`: midnight UTC of the day, or of the month's last day. */
export function chargeDateIn(period: string, chargeDay: number): Date {
  if (!Number.isInteger(chargeDay) || chargeDay < 1 || chargeDay > 31) throw new RangeError('the charge day is 1–31');
  const { year, monthIndex } = parsePeriod(period);
  return new Date(Date.UTC(year, monthIndex, Math.min(chargeDay, daysInMonth(year, monthIndex))));
}

/**
 * The first charge date strictly after the day of `now`'s period charge: a gift started (or
 * resumed) today is charged next in the following period on its charge day. The first charge of a
 * new gift is made at once and counts as the current period's.
 */
export function nextChargeAfterPeriod(period: string, chargeDay: number): Date {
  return chargeDateIn(addPeriods(period, 1), chargeDay);
}

/** The next charge date on or after the day after `now` (a resume): this period's if still ahead, else the next's. */
export function nextChargeFrom(now: Date, chargeDay: number): Date {
  const thisPeriod = chargeDateIn(periodOf(now), chargeDay);
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return thisPeriod.getTime() >= tomorrow ? thisPeriod : nextChargeAfterPeriod(periodOf(now), chargeDay);
}

/**
 * After a declined renewal the period is tried again this many days after its charge date (the
 * first charge date, not the previous try), then the gift is paused (decision 140).
 */
export const MONTHLY_RETRY_DAYS = [3, 7] as const;

/** How many months a supporter may pause a gift for. */
export const MONTHLY_PAUSE_MONTHS = [1, 2, 3] as const;

/** A period as people read it: "2027-06" → "Jun 2027". */
export function periodText(period: string): string {
  const { year, monthIndex } = parsePeriod(period);
  return monthText(year, monthIndex);
}
