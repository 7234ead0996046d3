import { describe, expect, it } from 'vitest';
import { describeLoadFailure } from './load-error';

class FakeApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

describe('My Events load failures (docs/product.md#8-messages)', () => {
  it('401 asks to log in again and enters Demo Mode', () => {
    expect(describeLoadFailure(new FakeApiError('Unauthorized', 401))).toEqual({
      message: 'Authentication failed. Please log in again.',
      demoMode: 'automatic',
    });
  });
  it('500 offers Demo Mode', () => {
    expect(describeLoadFailure(new FakeApiError('Internal Server Error', 500))).toEqual({
      message: 'Server error. Please try again later or enable demo mode.',
      demoMode: 'offered',
    });
  });
  it("other statuses show the server's message, and network failures the connection message", () => {
    expect(describeLoadFailure(new FakeApiError('You can only see your own events', 403)).message).toBe('You can only see your own events');
    expect(describeLoadFailure(new FakeApiError('Could not connect', 0))).toEqual({
      message: 'Failed to fetch events. Check your connection.',
      demoMode: 'automatic',
    });
    expect(describeLoadFailure(new TypeError('Failed to fetch')).message).toBe('Failed to fetch events. Check your connection.');
  });
});
