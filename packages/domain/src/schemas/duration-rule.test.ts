import { describe, expect, it } from 'vitest';
import { BasicInfoStep } from './event-create.ts';
import { EVENT_MESSAGES, MAX_DURATION_DAYS } from './event-fields.ts';

/** The wizard and the API read the same schema: a campaign runs at most 30 days (docs/product.md#scheduling). */
function durationMessages(durationDays: unknown): string[] {
  const parsed = BasicInfoStep.safeParse({ durationDays });
  if (parsed.success) return [];
  return parsed.error.issues.filter((issue) => issue.path[0] === 'durationDays').map((issue) => issue.message);
}

describe('the 30-day duration rule', () => {
  it('refuses more than 30 days and less than 1 with a clear message', () => {
    expect(MAX_DURATION_DAYS).toBe(30);
    expect(durationMessages(31)).toEqual(['Campaign duration cannot exceed 30 days']);
    expect(durationMessages('45')).toEqual([EVENT_MESSAGES.durationMax]);
    expect(durationMessages(0)).toEqual([EVENT_MESSAGES.durationMin]);
    expect(durationMessages(2.5)).toEqual([EVENT_MESSAGES.durationMin]);
  });

  it('accepts 1 to 30 days, and 30 when left empty', () => {
    expect(durationMessages(1)).toEqual([]);
    expect(durationMessages('30')).toEqual([]);
    expect(durationMessages('')).toEqual([]);
  });
});
