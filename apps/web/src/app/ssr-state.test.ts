import { describe, expect, it } from 'vitest';
import { renderedBeforeLatestChange } from './ssr-state';

const timing = (serverTiming: { name: string }[] | undefined) => ({
  getEntriesByType: () => (serverTiming === undefined ? [] : [{ serverTiming }]) as unknown as PerformanceEntryList,
});

describe('renderedBeforeLatestChange', () => {
  it('is true only when the navigation carried the server’s stale entry', () => {
    expect(renderedBeforeLatestChange(timing([{ name: 'stale' }]))).toBe(true);
    expect(renderedBeforeLatestChange(timing([{ name: 'db' }]))).toBe(false);
    expect(renderedBeforeLatestChange(timing([]))).toBe(false);
    expect(renderedBeforeLatestChange(timing(undefined))).toBe(false);
  });
});
