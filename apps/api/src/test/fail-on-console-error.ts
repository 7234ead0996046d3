import { afterEach, vi } from 'vitest';

/** An error printed during a test is a failure, not noise (CONVENTIONS.md habit 8). */
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls.slice();
  spy.mockClear();
  if (calls.length) throw new Error(`console.error was called: ${calls.map((call) => call.join(' ')).join('\n')}`);
});
