import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveTotals } from '@pledgeway/domain';
import { signUp, type TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createCampaign } from '../../test/factories.ts';
import { supporterWithCard } from '../../test/money.ts';

let server: TestServer;
let hostId: string;
beforeAll(async () => {
  server = await startTestServer();
  hostId = (await signUp(server.url)).user._id;
});
afterAll(async () => server.close());

/** Reads `event: totals` messages from GET /api/events/{id}/live as a browser's EventSource would. */
async function openLive(eventId: string) {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/events/${eventId}/live`, { signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const received: LiveTotals[] = [];
  async function next(until: (totals: LiveTotals) => boolean): Promise<LiveTotals> {
    for (;;) {
      const found = received.find(until);
      if (found) return found;
      const { value, done } = await reader.read();
      if (done) throw new Error('live stream ended');
      buffer += value;
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (block.includes('event: totals') && data) received.push(JSON.parse(data.slice('data: '.length)) as LiveTotals);
      }
    }
  }
  return { next, received, close: () => controller.abort() };
}

type Supporter = Awaited<ReturnType<typeof supporterWithCard>>;

async function pledge(supporter: Supporter, eventId: string, amount: number, extra: Record<string, unknown> = {}) {
  const response = await supporter.client.post(`/api/events/${eventId}/pledges`, { amount, tip_percent: 0, payment_method_id: supporter.cardId, ...extra });
  expect(response.status, JSON.stringify(response.data)).toBe(201);
}

async function startPage(client: TestClient, eventId: string) {
  const response = await client.post(`/api/events/${eventId}/fundraising-pages`, {
    title: 'Anna runs for clean water',
    story: 'Every mile I run is a well dug.',
    target_amount: 500,
    slug: `anna-runs-${Date.now().toString(36)}`,
  });
  expect(response.status).toBe(201);
  return response.data.data._id as string;
}

describe('GET /api/events/{id}/live: what the page shows, as numbered changes', () => {
  it('opens with every line, then sends only what changed, each message numbered on its stream', async () => {
    const campaign = await createCampaign(server.app, hostId, { status: 'approved' });
    const anna = await supporterWithCard(server, 'Anna Runner');
    const pageId = await startPage(anna.client, campaign.id);
    const sponsor = await supporterWithCard(server, 'Sid Sponsor');
    const offered = await sponsor.client.post(`/api/events/${campaign.id}/matches`, {
      ratio: 1,
      cap: 500,
      sponsor_name: 'Acme Foods',
      payment_method_id: sponsor.cardId,
    });
    expect(offered.status).toBe(201);
    const named = await supporterWithCard(server, 'Pat Public');
    await pledge(named, campaign.id, 10);

    const live = await openLive(campaign.id);
    const first = await live.next(() => true);
    expect(first).toMatchObject({ event_id: campaign.id, seq: 0, pledge_count: 1, payment_amount: 10 });
    expect(first.stream).not.toBe('');
    expect(first.supporters_added).toMatchObject([{ name: 'Pat Public', amount: 10 }]);
    expect(first.matches).toEqual([{ _id: offered.data.data.match._id, status: 'offered', matched_amount: 10 }]);
    expect(first.fundraising_pages).toEqual([{ _id: pageId, raised: 0, supporters: 0 }]);

    await pledge(named, campaign.id, 25, { page: pageId });
    const second = await live.next((message) => message.pledge_count === 2);
    expect(second).toMatchObject({ stream: first.stream, seq: first.seq + 1, payment_amount: 35 });
    expect(second.supporters_added).toMatchObject([{ name: 'Pat Public', amount: 25 }]);
    expect(second.matches).toEqual([{ _id: offered.data.data.match._id, status: 'offered', matched_amount: 35 }]);
    expect(second.fundraising_pages).toEqual([{ _id: pageId, raised: 25, supporters: 1 }]);
    live.close();
  });

  it('never names an anonymous supporter, in the first message or a later one', async () => {
    const campaign = await createCampaign(server.app, hostId, { status: 'approved' });
    const quiet = await supporterWithCard(server, 'Quentin Quiet-Account');
    await pledge(quiet, campaign.id, 5, { anonymous: true });
    const live = await openLive(campaign.id);
    const first = await live.next(() => true);
    expect(first.supporters_added).toMatchObject([{ name: null, amount: 5 }]);
    await pledge(quiet, campaign.id, 7, { anonymous: true });
    const second = await live.next((message) => message.pledge_count === 2);
    expect(second.supporters_added).toMatchObject([{ name: null, amount: 7 }]);
    expect(JSON.stringify(live.received)).not.toContain('Quentin');
    live.close();
  });

  it('builds one message per change for every open page: the pages get the same numbers', { tags: ['concurrency'] }, async () => {
    const campaign = await createCampaign(server.app, hostId, { status: 'approved' });
    const pages = await Promise.all([openLive(campaign.id), openLive(campaign.id), openLive(campaign.id)]);
    const firsts = await Promise.all(pages.map((page) => page.next(() => true)));
    expect(new Set(firsts.map((message) => `${message.stream}/${message.seq}`)).size).toBe(1);
    const supporter = await supporterWithCard(server);
    await pledge(supporter, campaign.id, 12);
    const messages = await Promise.all(pages.map((page) => page.next((message) => message.pledge_count === 1)));
    expect(messages.map((message) => JSON.stringify(message))).toEqual(Array(3).fill(JSON.stringify(messages[0])));
    for (const page of pages) page.close();
  });
});
