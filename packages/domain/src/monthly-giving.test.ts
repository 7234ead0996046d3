import { describe, expect, it } from 'vitest';
import { addPeriods, chargeDateIn, daysInMonth, nextChargeAfterPeriod, nextChargeFrom, parsePeriod, periodOf } from './monthly-giving.ts';

const DAY = 86_400_000;
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

describe('monthly giving calendar', () => {
  it('knows every month length of 2020–2040, leap years included', () => {
    for (let year = 2020; year <= 2040; year += 1)
      for (let month = 0; month < 12; month += 1) expect(daysInMonth(year, month)).toBe(month === 1 && isLeap(year) ? 29 : MONTH_LENGTHS[month]);
  });

  it('over every day of 2020–2040 and every charge day, charges once per month on the day or the month’s last day, at midnight UTC', () => {
    const wrong: string[] = [];
    const check = (ok: boolean, what: string) => void (ok || wrong.push(what));
    for (let t = Date.UTC(2020, 0, 1); t <= Date.UTC(2040, 11, 31); t += DAY) {
      const now = new Date(t + 13 * 3_600_000 + 17 * 60_000);
      const period = periodOf(now);
      check(period === `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`, `period of ${now.toISOString()}`);
      const last = daysInMonth(now.getUTCFullYear(), now.getUTCMonth());
      const following = addPeriods(period, 1);
      for (let chargeDay = 1; chargeDay <= 31; chargeDay += 1) {
        const at = `${now.toISOString()} day ${chargeDay}`;
        const date = chargeDateIn(period, chargeDay);
        check(periodOf(date) === period && date.getUTCDate() === Math.min(chargeDay, last) && date.getTime() % DAY === 0, `charge date ${at}`);
        check(periodOf(nextChargeAfterPeriod(period, chargeDay)) === following, `next period ${at}`);
        // A resume: the next date is after today, in this period or the next, on the rule's day.
        const resumed = nextChargeFrom(now, chargeDay);
        const resumedPeriod = periodOf(resumed);
        check(resumed.getTime() > now.getTime() && (resumedPeriod === period || resumedPeriod === following), `resume ${at}`);
        check(resumed.getTime() === chargeDateIn(resumedPeriod, chargeDay).getTime(), `resume day ${at}`);
        check(resumedPeriod === period || date.getTime() < now.getTime(), `resume skips this period's date still ahead ${at}`);
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('falls on the month’s last day in shorter months', () => {
    expect(chargeDateIn('2026-02', 31).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(chargeDateIn('2028-02', 29).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(chargeDateIn('2026-04', 31).toISOString()).toBe('2026-04-30T00:00:00.000Z');
    expect(chargeDateIn('2026-03', 31).toISOString()).toBe('2026-03-31T00:00:00.000Z');
    expect(addPeriods('2026-12', 1)).toBe('2027-01');
    expect(addPeriods('2026-01', -1)).toBe('2025-12');
  });

  it('refuses what is not a period or a charge day', () => {
    expect(() => parsePeriod('2026-13')).toThrow(RangeError);
    expect(() => parsePeriod('26-01')).toThrow(RangeError);
    expect(() => chargeDateIn('2026-01', 0)).toThrow(RangeError);
    expect(() => chargeDateIn('2026-01', 32)).toThrow(RangeError);
  });
});
