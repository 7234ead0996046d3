import { describe, expect, it } from 'vitest';
import { campaignTimeLabel, daysLeft, daysLeftLabel, daysUntilStart, isUpcoming, pledgingNotYetOpen, startsInLabel, upcomingAfterDay } from './dates.ts';

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

describe('scheduling', () => {
  // 15:00 UTC on Nov 23: a campaign starting Nov 24 opens in 9 hours, one starting Nov 23 is open.
  const clock = new Date('2026-11-23T15:00:00Z');

  it('is upcoming only while the start day (00:00 UTC) is ahead of now', () => {
    expect(isUpcoming('2026-11-24', clock)).toBe(true);
    expect(isUpcoming('2026-11-23', clock)).toBe(false);
    expect(isUpcoming('2026-11-01', clock)).toBe(false);
    expect(isUpcoming(null, clock)).toBe(false);
    expect(isUpcoming('not a date', clock)).toBe(false);
    expect(isUpcoming('2026-11-24', new Date('2026-11-24T00:00:00Z'))).toBe(false);
    expect(isUpcoming('2026-11-24', new Date('2026-11-23T23:59:59Z'))).toBe(true);
  });

  it('counts whole days to the start, rounded up', () => {
    expect(daysUntilStart('2026-11-24', clock)).toBe(1);
    expect(daysUntilStart('2026-11-30', clock)).toBe(7);
    expect(daysUntilStart('2026-11-20', clock)).toBe(0);
    expect(startsInLabel('2026-11-24', clock)).toBe('Starts in 1 day');
    expect(startsInLabel('2026-12-03', clock)).toBe('Starts in 10 days');
  });

  it('shows "Starts in N days" before the start and days left after it', () => {
    expect(campaignTimeLabel({ start_date: '2026-11-26', event_date: '2026-12-20' }, clock)).toBe('Starts in 3 days');
    expect(campaignTimeLabel({ start_date: '2026-11-20', event_date: '2026-11-25' }, clock)).toBe('2 days left');
    expect(campaignTimeLabel({ start_date: null, event_date: '2026-11-01' }, clock)).toBe('Event ended');
    expect(campaignTimeLabel({ event_date: '2026-11-25' }, clock)).toBe('2 days left');
  });

  it('draws the database line on the same day as isUpcoming', () => {
    const day = upcomingAfterDay(clock);
    expect(day).toBe('2026-11-23');
    for (const start of ['2026-11-22', '2026-11-23', '2026-11-24']) expect(start > day).toBe(isUpcoming(start, clock));
  });

  it('refuses pledges before the start with the date, and allows them from the start day', () => {
    expect(pledgingNotYetOpen('2026-12-01', clock)).toBe('Pledging opens on Dec 1, 2026');
    expect(pledgingNotYetOpen('2026-12-01', new Date('2026-12-01T00:00:00Z'))).toBeUndefined();
    expect(pledgingNotYetOpen('2026-11-23', clock)).toBeUndefined();
    expect(pledgingNotYetOpen(null, clock)).toBeUndefined();
  });
});

describe('ended campaigns', () => {
  const clock = new Date('2026-11-25T12:00:00Z');
  it('a completed, closed or cancelled campaign says so instead of the days before its date', () => {
    expect(campaignTimeLabel({ event_date: '2026-12-12', status: 'approved' }, clock)).toBe('17 days left');
    expect(campaignTimeLabel({ event_date: '2026-12-12', status: 'completed' }, clock)).toBe('Campaign completed');
    expect(campaignTimeLabel({ event_date: '2026-12-12', status: 'close' }, clock)).toBe('Campaign closed');
    expect(campaignTimeLabel({ start_date: '2026-12-01', event_date: '2026-12-12', status: 'cancelled' }, clock)).toBe('Campaign cancelled');
  });
});
