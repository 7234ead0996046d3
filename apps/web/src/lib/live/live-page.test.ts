import { describe, expect, it } from 'vitest';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import type { FundraisingPageSummary } from '@pledgeway/domain/schemas/fundraising-pages';
import type { Supporter } from '@pledgeway/domain/schemas/pledges';
import { ANSWER_AGE_MS, createLivePage, REPLAY_LIMIT, type LiveCacheShapes, type LiveList, type LiveMessage, type LivePageCache } from './live-page';

const supporter = (id: string, name: string | null, amount: number): Supporter => ({
  _id: id,
  name,
  amount,
  message: '',
  participant_id: null,
  created_at: '2026-11-28T09:00:00.000Z',
});
const page = (id: string, raised: number, createdAt: string) => ({ _id: id, raised, supporters: 1, created_at: createdAt }) as FundraisingPageSummary;

function campaignPage() {
  const values: Partial<LiveCacheShapes> = {
    event: { _id: 'e1', payment_amount: 30, supporters: 2, status: 'approved', pledges: { total: 30, count: 2 } } as EventDetailResponse,
    supporters: {
      pages: [{ success: true, data: { supporters: [supporter('p2', 'Pat', 20), supporter('p1', null, 10)], count: 2, total: 30 } }],
      pageParams: [0],
    },
    matches: {
      success: true,
      data: { matches: [{ _id: 'm1', status: 'offered', matched_amount: 30 } as LiveCacheShapes['matches']['data']['matches'][number]] },
    },
    promotions: { success: true, data: { promotions: [] } },
    'fundraising-pages': [page('fa', 20, '2026-11-01'), page('fb', 10, '2026-11-02')],
  };
  const cache: LivePageCache = { get: (key) => values[key], set: (key, value) => void (values[key] = value) };
  const requested: LiveList[] = [];
  const live = createLivePage(cache, { request: (list) => requested.push(list) });
  return { values, requested, live };
}

const opening: LiveMessage = { payment_amount: 30, supporters: 2, pledge_count: 2, status: 'approved', options: [], stream: 's1', seq: 4 };
const nextPledge: LiveMessage = {
  ...opening,
  seq: 5,
  payment_amount: 55,
  supporters: 3,
  pledge_count: 3,
  supporters_added: [supporter('p3', 'Ann', 25)],
  matches: [{ _id: 'm1', status: 'offered', matched_amount: 55 }],
  fundraising_pages: [{ _id: 'fb', raised: 35, supporters: 2 }],
};

describe('createLivePage', () => {
  it('reads nothing when the stream opens with what the page was rendered from', () => {
    const { live, requested, values } = campaignPage();
    const before = values.event;
    live.receive(opening);
    expect(requested).toEqual([]);
    expect(values.event).toBe(before);
  });

  it('applies the next message to every list without reading', () => {
    const { live, requested, values } = campaignPage();
    live.receive(opening);
    live.receive(nextPledge);
    expect(requested).toEqual([]);
    expect(values.event).toMatchObject({ payment_amount: 55, supporters: 3, pledges: { total: 55, count: 3 } });
    expect(values.supporters!.pages[0]!.data).toMatchObject({ count: 3, total: 55 });
    expect(values.supporters!.pages[0]!.data.supporters.map((one) => one.name)).toEqual(['Ann', 'Pat', null]);
    expect(values.matches!.data.matches[0]!.matched_amount).toBe(55);
    // The leaderboard re-sorts: most raised first.
    expect(values['fundraising-pages']!.map((line) => [line._id, line.raised])).toEqual([
      ['fb', 35],
      ['fa', 20],
    ]);
  });

  it('reads every list once after a gap: a number skipped, or another stream', () => {
    for (const gap of [{ seq: 6 }, { stream: 's2', seq: 5 }]) {
      const { live, requested, values } = campaignPage();
      live.receive(opening);
      live.receive({ ...nextPledge, ...gap });
      expect(requested.sort()).toEqual(['fundraising-pages', 'matches', 'promotions', 'supporters']);
      expect(values.event!.payment_amount).toBe(55);
    }
  });

  it('reads every list once when the stream opens with figures newer than the page', () => {
    const { live, requested } = campaignPage();
    live.receive(nextPledge);
    expect(requested.sort()).toEqual(['fundraising-pages', 'matches', 'promotions', 'supporters']);
  });

  it('reads nothing when more arrived than the message carries and one page is shown: its newest are in the message', () => {
    const { live, requested, values } = campaignPage();
    live.receive(opening);
    live.receive({ ...nextPledge, pledge_count: 30 });
    expect(requested).toEqual([]);
    expect(values.supporters!.pages[0]!.data.count).toBe(30);
  });

  it('reads only the supporters when more arrived than the message carries and "Show more" has loaded a second page', () => {
    const { live, requested, values } = campaignPage();
    values.supporters = { pages: [...values.supporters!.pages, { success: true, data: { supporters: [], count: 2, total: 30 } }], pageParams: [0, 20] };
    live.receive(opening);
    live.receive({ ...nextPledge, pledge_count: 30 });
    expect(requested).toEqual(['supporters']);
  });

  it('reads a list whose line it has never seen: a new offer or a new fundraising page', () => {
    const { live, requested } = campaignPage();
    live.receive(opening);
    live.receive({
      ...nextPledge,
      matches: [{ _id: 'm2', status: 'offered', matched_amount: 5 }],
      fundraising_pages: [{ _id: 'fc', raised: 5, supporters: 1 }],
    });
    expect(requested).toEqual(['matches', 'fundraising-pages']);
  });

  it('applies the same message again (a reconnect to the same instance) without reading', () => {
    const { live, requested, values } = campaignPage();
    live.receive(opening);
    live.receive(nextPledge);
    live.receive(nextPledge);
    expect(requested).toEqual([]);
    expect(values.supporters!.pages[0]!.data.supporters).toHaveLength(3);
  });

  it("keeps a fundraising page's own figures with its leaderboard line, and reads the page after a gap", () => {
    const values: Partial<LiveCacheShapes> = { 'fundraising-page': { _id: 'fb', raised: 10, supporters: 1 } };
    const requested: LiveList[] = [];
    const live = createLivePage({ get: (key) => values[key], set: (key, value) => void (values[key] = value) }, { request: (list) => requested.push(list) });
    live.receive(opening);
    requested.length = 0;
    live.receive(nextPledge);
    expect(values['fundraising-page']).toEqual({ _id: 'fb', raised: 35, supporters: 2 });
    expect(requested).toEqual([]);
    live.receive({ ...nextPledge, seq: 9 });
    expect(requested).toEqual(['fundraising-page']);
  });
  it('keeps one page of supporters through a money bomb, the newest on top, and lets the first page grow once more are loaded', () => {
    const { live, requested, values } = campaignPage();
    live.receive(opening);
    // 100 messages of 3 pledges each: 300 new supporters after the 2 the page was rendered with.
    for (let index = 0; index < 100; index += 1) {
      const count = 2 + (index + 1) * 3;
      live.receive({
        ...opening,
        seq: 5 + index,
        pledge_count: count,
        supporters: count,
        payment_amount: count * 10,
        supporters_added: [2, 1, 0].map((offset) => supporter(`n${index * 3 + offset}`, `Fan ${index * 3 + offset}`, 10)),
      });
    }
    expect(requested).toEqual([]);
    const first = values.supporters!.pages[0]!.data;
    expect(first.count).toBe(302);
    expect(first.supporters).toHaveLength(20);
    expect(first.supporters.slice(0, 2).map((one) => one._id)).toEqual(['n299', 'n298']);
    expect(first.supporters.at(-1)!._id).toBe('n280');

    // With "Show more" loaded, no line may fall between the two pages: the first grows instead.
    values.supporters = { pages: [...values.supporters!.pages, { success: true, data: { supporters: [], count: 302, total: 3020 } }], pageParams: [0, 20] };
    live.receive({ ...opening, seq: 105, pledge_count: 303, supporters: 303, payment_amount: 3030, supporters_added: [supporter('n300', 'Fan 300', 10)] });
    expect(values.supporters!.pages[0]!.data.supporters).toHaveLength(21);
  });

  it('applies again, on a read that was on its way, the messages that came meanwhile: its answer may predate them', () => {
    const { live, requested, values } = campaignPage();
    live.receive(opening);
    live.readStarted('fundraising-pages');
    live.readStarted('supporters');
    live.receive(nextPledge);
    // The answers were read before the pledge: they put back what the message changed.
    values['fundraising-pages'] = [page('fa', 20, '2026-11-01'), page('fb', 10, '2026-11-02')];
    live.readAnswered('fundraising-pages');
    values.supporters = {
      pages: [{ success: true, data: { supporters: [supporter('p2', 'Pat', 20), supporter('p1', null, 10)], count: 2, total: 30 } }],
      pageParams: [0],
    };
    live.readAnswered('supporters');
    expect(values['fundraising-pages']!.map((line) => [line._id, line.raised])).toEqual([
      ['fb', 35],
      ['fa', 20],
    ]);
    expect(values.supporters.pages[0]!.data).toMatchObject({ count: 3, total: 55 });
    expect(values.supporters.pages[0]!.data.supporters.map((one) => one.name)).toEqual(['Ann', 'Pat', null]);
    expect(requested).toEqual([]);
  });

  it('changes nothing on an answer newer than the messages, and nothing once a read has ended', () => {
    const { live, values } = campaignPage();
    live.receive(opening);
    live.readStarted('fundraising-pages');
    live.receive(nextPledge);
    // Read after the message: it already has the pledge, and the line has moved on since.
    values['fundraising-pages'] = [page('fb', 35, '2026-11-02'), page('fa', 20, '2026-11-01')];
    live.readAnswered('fundraising-pages');
    expect(values['fundraising-pages'].map((line) => line.raised)).toEqual([35, 20]);
    live.readStarted('matches');
    live.readEnded('matches');
    values.matches = {
      success: true,
      data: { matches: [{ _id: 'm1', status: 'offered', matched_amount: 30 } as LiveCacheShapes['matches']['data']['matches'][number]] },
    };
    live.readAnswered('matches');
    expect(values.matches.data.matches[0]!.matched_amount).toBe(30);
  });

  it('reads a list again when more messages came during its read than it keeps', () => {
    const { live, requested, values } = campaignPage();
    live.receive(opening);
    live.readStarted('fundraising-pages');
    for (let index = 1; index <= REPLAY_LIMIT + 5; index += 1) {
      live.receive({ ...opening, seq: 4 + index, payment_amount: 30 + index, fundraising_pages: [{ _id: 'fa', raised: 20 + index, supporters: 1 }] });
    }
    values['fundraising-pages'] = [page('fa', 20, '2026-11-01'), page('fb', 10, '2026-11-02')];
    live.readAnswered('fundraising-pages');
    expect(values['fundraising-pages'].find((line) => line._id === 'fa')!.raised).toBe(20 + REPLAY_LIMIT + 5);
    expect(requested).toEqual(['fundraising-pages']);
  });

  it("applies again the last second's messages on an answer whose request came after them: a cached read may be that old", () => {
    const values: Partial<LiveCacheShapes> = { 'fundraising-pages': [page('fa', 20, '2026-11-01'), page('fb', 10, '2026-11-02')] };
    let clock = 0;
    const live = createLivePage({ get: (key) => values[key], set: (key, value) => void (values[key] = value) }, { request: () => undefined }, () => clock);
    live.receive(opening);
    live.receive({ ...nextPledge, fundraising_pages: [{ _id: 'fa', raised: 25, supporters: 2 }] });
    clock = ANSWER_AGE_MS + 200;
    live.receive({ ...nextPledge, seq: 6, fundraising_pages: [{ _id: 'fb', raised: 35, supporters: 2 }] });
    clock += 300;
    live.readStarted('fundraising-pages');
    // Answered from a cache filled before both messages.
    values['fundraising-pages'] = [page('fa', 20, '2026-11-01'), page('fb', 10, '2026-11-02')];
    live.readAnswered('fundraising-pages');
    // The message of 500 ms before the request is applied again; the one of 1.5 s before is not.
    expect(values['fundraising-pages'].map((line) => [line._id, line.raised])).toEqual([
      ['fb', 35],
      ['fa', 20],
    ]);
  });
});
