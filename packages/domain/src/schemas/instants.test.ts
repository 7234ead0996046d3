import { describe, expect, it } from 'vitest';
import { CreateMatchRequest } from './matching.ts';
import { INSTANT_OUT_OF_RANGE_MESSAGE, isStorableInstant, optionalInstantField } from './common.ts';

const field = optionalInstantField('Please enter a valid date and time');

describe('instants the database stores', () => {
  it('accepts years 0001 to 9999, offsets included', () => {
    for (const value of ['0001-01-01T00:00:00Z', '2026-11-28T10:00:00+02:00', '9999-12-31T23:59:59.999Z']) expect(isStorableInstant(value), value).toBe(true);
  });

  it('refuses what JavaScript reads but PostgreSQL does not: six-digit and signed years, year 0', () => {
    for (const value of [
      '+275760-09-13T00:00:00Z',
      '-271821-04-20T00:00:00Z',
      '+010000-01-01T00:00:00Z',
      '0000-12-31T23:59:59Z',
      '9999-12-31T23:00:00-01:00',
    ]) {
      expect(isStorableInstant(value), value).toBe(false);
    }
  });

  it('says which is wrong: not a date at all, or a date out of range', () => {
    expect(field.safeParse('soon').error?.issues[0]?.message).toBe('Please enter a valid date and time');
    expect(field.safeParse('+275760-09-13T00:00:00Z').error?.issues[0]?.message).toBe(INSTANT_OUT_OF_RANGE_MESSAGE);
    expect(field.parse('')).toBeNull();
    expect(field.parse(undefined)).toBeNull();
    expect(field.parse(' 2030-01-01T00:00:00Z ')).toBe('2030-01-01T00:00:00Z');
  });

  it('is the rule of a match offer’s window', () => {
    const offer = { ratio: 1, cap: 100, sponsor_name: 'Acme', payment_method_id: crypto.randomUUID() };
    const ends = CreateMatchRequest.safeParse({ ...offer, ends_at: '+275760-09-13T00:00:00Z' });
    expect(ends.error?.issues[0]).toMatchObject({ path: ['ends_at'], message: INSTANT_OUT_OF_RANGE_MESSAGE });
    const starts = CreateMatchRequest.safeParse({ ...offer, starts_at: '-271821-04-20T00:00:00Z' });
    expect(starts.error?.issues[0]).toMatchObject({ path: ['starts_at'], message: INSTANT_OUT_OF_RANGE_MESSAGE });
    expect(CreateMatchRequest.safeParse({ ...offer, starts_at: '2030-01-01T00:00:00Z', ends_at: '2030-02-01T00:00:00Z' }).success).toBe(true);
  });
});
