import { describe, expect, it, vi } from 'vitest';
import { eventInstant, formatBytes, formatInstant } from './format';

describe('file sizes', () => {
  it('are written one way everywhere', () => {
    expect(formatBytes(303)).toBe('303 B');
    expect(formatBytes(1_536)).toBe('1.5 KB');
    expect(formatBytes(24 * 1024)).toBe('24 KB');
    expect(formatBytes(2.1 * 1024 * 1024)).toBe('2.1 MB');
  });
});

describe('event times', () => {
  it('read the date and time in UTC and name the zone they are shown in', () => {
    const instant = eventInstant('2026-12-12', '18:00');
    expect(instant).toBe('2026-12-12T18:00:00.000Z');
    expect(formatInstant(instant!, 'UTC')).toBe('Dec 12, 2026, 6:00 PM UTC');
    vi.stubEnv('TZ', 'America/New_York'); // the browser's own zone
    expect(formatInstant(instant!)).toBe('Dec 12, 2026, 1:00 PM EST');
    vi.unstubAllEnvs();
  });

  it('have no instant without a date or a readable time', () => {
    expect(eventInstant(null, '18:00')).toBeUndefined();
    expect(eventInstant('2026-12-12', '')).toBeUndefined();
    expect(eventInstant('2026-12-12', 'soon')).toBeUndefined();
  });
});
