import { afterEach, describe, expect, it, vi } from 'vitest';
import { spacedSender } from './channel.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('spaced live messages', () => {
  it('sends the first change at once and the changes within the spacing as one message at its end, per campaign', async () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const sender = spacedSender(async (eventId) => {
      sent.push(eventId);
    }, 100);
    sender.publish('a');
    sender.publish('a');
    sender.publish('b');
    sender.publish('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(100);
    // 'a' changed again within its spacing: one more message; 'b' did not.
    expect(sent).toEqual(['a', 'b', 'a']);
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toEqual(['a', 'b', 'a']);
    sender.publish('b');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['a', 'b', 'a', 'b']);
    sender.stop();
  });

  it('waits as long as a message kept the instance busy when that is longer than the spacing', async () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const sender = spacedSender(async (eventId) => {
      sent.push(eventId);
      return 250;
    }, 100);
    sender.publish('a');
    sender.publish('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(249);
    expect(sent).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['a', 'a']);
    sender.stop();
  });

  it('keeps spacing after a message that failed, and sends nothing once stopped', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const sender = spacedSender(async () => {
      attempts += 1;
      throw new Error('connection lost');
    }, 100);
    sender.publish('a');
    sender.publish('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts).toBe(1);
    sender.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(attempts).toBe(1);
  });
});
