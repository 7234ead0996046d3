import { describe, expect, it } from 'vitest';
import { campaignDeadline, countdownLabel, countdownParts } from './deadline.ts';

const approvedAt = new Date('2026-11-23T15:30:00Z');

describe('campaignDeadline', () => {
  it('runs the duration from approval, or from a later start date at 00:00 UTC', () => {
    expect(campaignDeadline({ approvedAt, startDate: null, durationDays: 3 })?.toISOString()).toBe('2026-11-26T15:30:00.000Z');
    expect(campaignDeadline({ approvedAt, startDate: '2026-12-01', durationDays: 3 })?.toISOString()).toBe('2026-12-04T00:00:00.000Z');
    // A start date already past on approval: pledging opened on approval.
    expect(campaignDeadline({ approvedAt, startDate: '2026-11-20', durationDays: 3 })?.toISOString()).toBe('2026-11-26T15:30:00.000Z');
  });

  it('is 30 days without a duration and unknown before approval', () => {
    expect(campaignDeadline({ approvedAt, startDate: null, durationDays: null })?.toISOString()).toBe('2026-12-23T15:30:00.000Z');
    expect(campaignDeadline({ approvedAt: null, startDate: '2026-12-01', durationDays: 3 })).toBeNull();
  });
});

describe('countdown', () => {
  const deadline = new Date('2026-11-26T15:30:00Z');
  it('splits the time left and words it for the page and for cards', () => {
    const parts = countdownParts(deadline, new Date('2026-11-24T12:29:55Z'));
    expect(parts).toEqual({ days: 2, hours: 3, minutes: 0, seconds: 5, ended: false });
    expect(countdownLabel(parts, 'seconds')).toBe('2 days 3 hours 0 minutes 5 seconds left');
    expect(countdownLabel(parts, 'coarse')).toBe('2 days 3 hours left');
    expect(countdownLabel(countdownParts(deadline, new Date('2026-11-26T14:00:00Z')), 'coarse')).toBe('1 hour 30 minutes left');
    expect(countdownLabel(countdownParts(deadline, new Date('2026-11-26T15:29:01Z')), 'coarse')).toBe('Less than a minute left');
    expect(countdownLabel(countdownParts(deadline, new Date('2026-11-26T15:29:01Z')), 'seconds')).toBe('0 minutes 59 seconds left');
  });

  it('ends at the deadline and never goes negative', () => {
    const parts = countdownParts(deadline, new Date('2026-11-27T00:00:00Z'));
    expect(parts).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, ended: true });
    expect(countdownLabel(parts, 'coarse')).toBe('Deadline passed');
  });
});
