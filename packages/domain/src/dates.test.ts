import { describe, expect, it } from 'vitest';
import { daysLeft, daysLeftLabel } from './dates.ts';

const now = new Date('2026-11-21T12:00:00Z');

describe('days left', () => {
  it('rounds up partial days and never goes below zero', () => {
    expect(daysLeft('2026-11-22T00:00:00Z', now)).toBe(1);
    expect(daysLeft('2026-11-30T12:00:00Z', now)).toBe(9);
    expect(daysLeft('2026-11-01T00:00:00Z', now)).toBe(0);
    expect(daysLeft(null, now)).toBe(0);
  });

  it('labels an ended event', () => {
    expect(daysLeftLabel('2026-01-01', now)).toBe('Event ended');
    expect(daysLeftLabel('2026-11-22T12:00:00Z', now)).toBe('1 day left');
  });
});
