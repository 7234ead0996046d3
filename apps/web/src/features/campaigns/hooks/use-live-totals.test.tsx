// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { queryKeys } from '@/lib/query-keys';
import { LIVE_READ_JITTER_MS, maxReadsPerList } from '@/lib/live/live-reads';
import { useLiveTotals } from './use-live-totals';

/** One open stream at a time: the test sends it messages as the API would. */
class FakeEventSource {
  static CLOSED = 2;
  static current: FakeEventSource | undefined;
  readyState = 1;
  onerror: (() => void) | null = null;
  private listeners: ((message: MessageEvent<string>) => void)[] = [];
  constructor(readonly url: string) {
    FakeEventSource.current = this;
  }
  addEventListener(_type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.push(listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  send(totals: object) {
    for (const listener of this.listeners) listener({ data: JSON.stringify(totals) } as MessageEvent<string>);
  }
}

const cached = { _id: 'e1', payment_amount: 120, supporters: 3, status: 'approved', pledges: { total: 120, count: 4 } } as unknown as EventDetailResponse;
const sameTotals = { payment_amount: 120, supporters: 3, pledge_count: 4, status: 'approved', options: [], stream: 's1', seq: 1 };

let queryClient: QueryClient;

/** The live code is loaded after the page: the stream opens once it is. */
async function openStream(): Promise<FakeEventSource> {
  await vi.waitFor(
    () => {
      if (!FakeEventSource.current) throw new Error('the live stream is not open yet');
    },
    { timeout: 5_000 },
  );
  return FakeEventSource.current!;
}
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

// Loaded once before the tests, as a browser has it cached after the first page: each test then
// waits only for the stream to open.
beforeAll(() => import('./live-session'));
beforeEach(() => {
  FakeEventSource.current = undefined;
  vi.stubGlobal('EventSource', FakeEventSource);
  queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.events.detail('e1'), cached);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useLiveTotals', () => {
  it('leaves the page alone when the stream opens with the totals it was rendered from', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderHook(() => useLiveTotals('e1'), { wrapper });
    const stream = await openStream();
    stream.send(sameTotals);
    expect(queryClient.getQueryData(queryKeys.events.detail('e1'))).toBe(cached);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('applies an opening message that differs from the page', async () => {
    renderHook(() => useLiveTotals('e1'), { wrapper });
    const stream = await openStream();
    stream.send({ ...sameTotals, payment_amount: 145, pledge_count: 5 });
    const event = queryClient.getQueryData<EventDetailResponse>(queryKeys.events.detail('e1'))!;
    expect(event.payment_amount).toBe(145);
    expect(event.pledges).toEqual({ total: 145, count: 5 });
  });

  it('applies a message that follows on from the last without reading, and reads after a gap, within the jitter', async () => {
    vi.useFakeTimers();
    queryClient.setQueryData(queryKeys.events.matches('e1'), { success: true, data: { matches: [] } });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderHook(() => useLiveTotals('e1'), { wrapper });
    const stream = await openStream();
    stream.send(sameTotals);
    stream.send({ ...sameTotals, seq: 2, payment_amount: 130, pledge_count: 5, supporters: 4 });
    vi.advanceTimersByTime(LIVE_READ_JITTER_MS);
    expect(invalidate).not.toHaveBeenCalled();
    expect(queryClient.getQueryData<EventDetailResponse>(queryKeys.events.detail('e1'))!.payment_amount).toBe(130);
    stream.send({ ...sameTotals, seq: 4, payment_amount: 150, pledge_count: 6 });
    vi.advanceTimersByTime(LIVE_READ_JITTER_MS);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.events.matches('e1'), exact: true });
    vi.useRealTimers();
  });

  it('reads each list at most once per interval under 20 messages a second, each after a gap', async () => {
    vi.useFakeTimers();
    queryClient.setQueryData(queryKeys.events.matches('e1'), { success: true, data: { matches: [] } });
    queryClient.setQueryData(queryKeys.events.promotions('e1'), { success: true, data: { promotions: [] } });
    queryClient.setQueryData(queryKeys.events.fundraisingPages('e1'), []);
    queryClient.setQueryData(queryKeys.events.supporters('e1'), {
      pages: [{ success: true, data: { supporters: [], count: 4, total: 120 } }],
      pageParams: [0],
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderHook(() => useLiveTotals('e1'), { wrapper });
    const stream = await openStream();
    for (let message = 0; message < 200; message += 1) {
      // Every other message is missed: each one that arrives follows a gap.
      stream.send({ ...sameTotals, seq: 2 * message, payment_amount: 120 + message + 1, pledge_count: 4 + message + 1 });
      vi.advanceTimersByTime(50);
    }
    const readsOf = (key: readonly unknown[]) => invalidate.mock.calls.filter(([filters]) => JSON.stringify(filters?.queryKey) === JSON.stringify(key)).length;
    for (const key of [
      queryKeys.events.matches('e1'),
      queryKeys.events.supporters('e1'),
      queryKeys.events.promotions('e1'),
      queryKeys.events.fundraisingPages('e1'),
    ]) {
      expect(readsOf(key)).toBeGreaterThan(0);
      expect(readsOf(key)).toBeLessThanOrEqual(maxReadsPerList(10_000));
    }
    vi.useRealTimers();
  });

  it('keeps what a message changed when a read sent before it answers after it', async () => {
    const pageLine = (raised: number) => ({ _id: 'fp1', raised, supporters: raised ? 1 : 0, created_at: '2026-11-28T09:00:00.000Z' });
    queryClient.setQueryData(queryKeys.events.fundraisingPages('e1'), [pageLine(0)]);
    renderHook(() => useLiveTotals('e1'), { wrapper });
    const stream = await openStream();
    stream.send(sameTotals);
    // A read of the leaderboard is on its way, and the server answers it with what it held before the pledge.
    let answer!: (lines: unknown[]) => void;
    const read = queryClient.fetchQuery({
      queryKey: queryKeys.events.fundraisingPages('e1'),
      queryFn: () => new Promise<unknown[]>((done) => (answer = done)),
    });
    stream.send({
      ...sameTotals,
      seq: 2,
      payment_amount: 150,
      pledge_count: 5,
      fundraising_pages: [{ _id: 'fp1', raised: 30, supporters: 1 }],
    });
    expect(queryClient.getQueryData<{ raised: number }[]>(queryKeys.events.fundraisingPages('e1'))![0]!.raised).toBe(30);
    answer([pageLine(0)]);
    await read;
    expect(queryClient.getQueryData<{ raised: number }[]>(queryKeys.events.fundraisingPages('e1'))![0]!.raised).toBe(30);
  });

  it('keeps what a message changed when a read sent before the live code loaded answers after it', async () => {
    const pageLine = (raised: number) => ({ _id: 'fp1', raised, supporters: raised ? 1 : 0, created_at: '2026-11-28T09:00:00.000Z' });
    queryClient.setQueryData(queryKeys.events.fundraisingPages('e1'), [pageLine(0)]);
    let answer!: (lines: unknown[]) => void;
    const read = queryClient.fetchQuery({
      queryKey: queryKeys.events.fundraisingPages('e1'),
      queryFn: () => new Promise<unknown[]>((done) => (answer = done)),
    });
    renderHook(() => useLiveTotals('e1'), { wrapper });
    const stream = await openStream();
    stream.send(sameTotals);
    stream.send({ ...sameTotals, seq: 2, payment_amount: 150, pledge_count: 5, fundraising_pages: [{ _id: 'fp1', raised: 30, supporters: 1 }] });
    answer([pageLine(0)]);
    await read;
    expect(queryClient.getQueryData<{ raised: number }[]>(queryKeys.events.fundraisingPages('e1'))![0]!.raised).toBe(30);
  });
});
