import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clockText, formatUtcDay, formatUtcInstant } from './dates.ts';
import { formatCents } from './money.ts';
import { groupThousands } from './numbers.ts';

// The hand-written formats must write exactly what Intl's en-US writes (decision 127).
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const utcDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const utcClock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
const utcInstant = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const cents = fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: -1e13, max: 1e13 }));
const instants = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2200-12-31T23:59:59Z'), noInvalidDate: true });

describe('numbers written without Intl', () => {
  it('groups thousands as en-US does', () => {
    expect(groupThousands(0)).toBe('0');
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1000)).toBe('1,000');
    expect(groupThousands(-1_234_567)).toBe('-1,234,567');
    fc.assert(fc.property(fc.integer({ min: -1e15, max: 1e15 }), (whole) => groupThousands(whole) === whole.toLocaleString('en-US')));
  });

  it('writes dollars as Intl writes US currency, to the cent', () => {
    expect(formatCents(-320)).toBe('-$3.20');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(-300, { whole: true })).toBe('-$3');
    fc.assert(
      fc.property(cents, (amount) => {
        expect(formatCents(amount)).toBe(usd.format(amount / 100));
        if (amount % 100 === 0) expect(formatCents(amount, { whole: true })).toBe(usdWhole.format(amount / 100));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes UTC days and clock times as Intl does', () => {
    expect(clockText(0, 5)).toBe('12:05 AM');
    expect(clockText(12, 0)).toBe('12:00 PM');
    expect(clockText(23, 59)).toBe('11:59 PM');
    fc.assert(
      fc.property(instants, (instant) => {
        expect(formatUtcDay(instant)).toBe(utcDay.format(instant));
        expect(clockText(instant.getUTCHours(), instant.getUTCMinutes())).toBe(utcClock.format(instant));
        expect(formatUtcInstant(instant)).toBe(`${utcInstant.format(instant)} UTC`.replace(/\u202f/g, ' '));
      }),
      { numRuns: 2000 },
    );
  });
});
