import { afterAll, describe, expect, it } from 'vitest';
import { formatDayAndTimeIn, formatDayIn, formatInstantIn } from './zone-format';

// In the browser "undefined" is the visitor's zone; here it is the process's, set through TZ.
const originalZone = process.env.TZ;
afterAll(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

// Winter and summer on both hemispheres, a day boundary, midnight and noon.
const instants = ['2026-01-15T00:00:00Z', '2026-03-08T10:30:00Z', '2026-07-15T12:00:00Z', '2026-11-01T06:59:00Z', '2026-12-31T23:45:00Z'].map(
  (iso) => new Date(iso),
);

function intl(zone: string, options: Intl.DateTimeFormatOptions, instant: Date): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', ...options, timeZone: zone }).format(instant);
}

describe('instants written without Intl', () => {
  it('in UTC', () => {
    expect(formatInstantIn(new Date('2026-12-12T18:00:00Z'), 'UTC')).toBe('Dec 12, 2026, 6:00 PM UTC');
    for (const instant of instants) {
      expect(formatDayIn(instant, 'UTC')).toBe(intl('UTC', {}, instant));
      expect(formatDayAndTimeIn(instant, 'UTC')).toBe(intl('UTC', { hour: 'numeric', minute: '2-digit' }, instant));
      expect(formatInstantIn(instant, 'UTC')).toBe(intl('UTC', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }, instant));
    }
  });

  it("in the browser's own zone, for every zone Intl knows, as Intl writes it", () => {
    const differences: string[] = [];
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      process.env.TZ = zone;
      for (const instant of instants) {
        expect(formatDayIn(instant, undefined), zone).toBe(intl(zone, {}, instant));
        expect(formatDayAndTimeIn(instant, undefined), zone).toBe(intl(zone, { hour: 'numeric', minute: '2-digit' }, instant));
        const written = formatInstantIn(instant, undefined);
        const expected = intl(zone, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }, instant);
        if (written !== expected) differences.push(`${zone}: ${written} / ${expected}`);
      }
    }
    // Adak and Honolulu share their winter zone's long name; Intl abbreviates Adak's as HAST.
    expect(differences.length).toBe(3);
    for (const difference of differences) expect(difference).toMatch(/^America\/Adak: (.+) HST \/ \1 HAST$/);
  });
});
