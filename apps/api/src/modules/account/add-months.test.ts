import { describe, expect, it } from 'vitest';
import { addMonths } from './service.ts';

describe('closing date arithmetic (calendar months)', () => {
  it('moves 30 November by three months to 28 February, not into March', () => {
    expect(addMonths(new Date('2026-11-30T10:00:00Z'), 3).toISOString()).toBe('2027-02-28T10:00:00.000Z');
  });

  it('lands on 29 February in a leap year', () => {
    expect(addMonths(new Date('2027-11-30T10:00:00Z'), 3).toISOString()).toBe('2028-02-29T10:00:00.000Z');
  });

  it('keeps the day when the target month has it, across a year end', () => {
    expect(addMonths(new Date('2026-10-15T23:30:00Z'), 3).toISOString()).toBe('2027-01-15T23:30:00.000Z');
  });

  it('counts in UTC whatever the server time zone, so a late-evening UTC date keeps its day', () => {
    expect(addMonths(new Date('2026-08-31T23:30:00Z'), 3).toISOString()).toBe('2026-11-30T23:30:00.000Z');
  });
});
