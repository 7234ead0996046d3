import { afterAll, afterEach, beforeAll, vi } from 'vitest';

/**
 * An error printed during a test is a failure, not noise (CONTRIBUTING.md, "A route"). The API project
 * runs its files in shared workers (isolate: false), where this file runs again for every test
 * file: the spy already installed is taken over rather than wrapped in another.
 */
const spy = vi.isMockFunction(console.error) ? vi.mocked(console.error) : vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls.slice();
  spy.mockClear();
  if (calls.length) throw new Error(`console.error was called: ${calls.map((call) => call.join(' ')).join('\n')}`);
});

/**
 * A file that leaves the environment changed or fake timers on would change the files after it
 * in the same worker: that is this file's failure, not theirs.
 */
let environmentAtStart: Record<string, string | undefined> = {};
beforeAll(() => {
  environmentAtStart = { ...process.env };
});
afterAll(() => {
  const keys = new Set([...Object.keys(environmentAtStart), ...Object.keys(process.env)]);
  const changed = [...keys].filter((key) => process.env[key] !== environmentAtStart[key]);
  if (changed.length) throw new Error(`this test file left environment variables changed: ${changed.join(', ')} (use vi.stubEnv and vi.unstubAllEnvs)`);
  if (vi.isFakeTimers()) throw new Error('this test file left fake timers on (call vi.useRealTimers())');
});
