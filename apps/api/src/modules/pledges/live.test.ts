import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveTotals } from '@pledgeway/domain';
import { buildApp, type App } from '../../app.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, testDriver, type TestServer } from '../../test/harness.ts';
import { createCampaign, createPledge } from '../../test/factories.ts';
import { supporterWithCard } from '../../test/money.ts';

let server: TestServer;
let hostId: string;
beforeAll(async () => {
  server = await startTestServer();
  hostId = (await signUp(server.url)).user._id;
});
afterAll(async () => server.close());

/** Reads `event: totals` messages from GET /api/events/{id}/live as a browser's EventSource would. */
async function openLive(baseUrl: string, eventId: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events/${eventId}/live`, { signal: controller.signal, headers: { 'accept-encoding': 'gzip, br' } });
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
      const messages = buffer.split('\n\n');
      buffer = messages.pop() ?? '';
      for (const message of messages) {
        const lines = message.split('\n');
        if (!lines.includes('event: totals')) continue;
        const data = lines.find((line) => line.startsWith('data: '));
        received.push(JSON.parse(data!.slice('data: '.length)) as LiveTotals);
      }
    }
  }
  return { response, next, close: () => controller.abort() };
}

describe('GET /api/events/{id}/supporters', () => {
  it('lists counted pledges newest first, 20 a page, anonymous ones without a name', async () => {
    const campaign = await createCampaign(server.app, hostId, { status: 'approved' });
    const { user } = await signUp(server.url, { name: 'Pat Public' });
    const base = Date.now() - 100_000;
    for (let index = 0; index < 22; index += 1) {
      await createPledge(server.app, user._id, campaign.id, { amountCents: 100 + index, message: `m${index}`, createdAt: new Date(base + index * 1000) });
    }
    await createPledge(server.app, user._id, campaign.id, { amountCents: 5_000, anonymous: true, message: 'quietly', createdAt: new Date(base + 60_000) });
    await createPledge(server.app, user._id, campaign.id, { amountCents: 7_000, status: 'dropped', createdAt: new Date(base + 70_000) });
    await createPledge(server.app, user._id, campaign.id, { amountCents: 7_000, status: 'released', createdAt: new Date(base + 80_000) });

    const first = await new TestClient(server.url).get(`/api/events/${campaign.id}/supporters`);
    expect(first.status).toBe(200);
    expect(first.data.data.count).toBe(23);
    expect(first.data.data.total).toBe(50 + (22 * 100 + 231) / 100);
    expect(first.data.data.supporters).toHaveLength(20);
    expect(first.data.data.supporters[0]).toMatchObject({ name: null, amount: 50, message: 'quietly' });
    expect(first.data.data.supporters[1]).toMatchObject({ name: 'Pat Public', amount: 1.21, message: 'm21' });
    const second = await new TestClient(server.url).get(`/api/events/${campaign.id}/supporters?offset=20`);
    expect(second.data.data.supporters.map((supporter: { message: string }) => supporter.message)).toEqual(['m2', 'm1', 'm0']);
  });

  it('hides the supporters of an unpublished campaign', async () => {
    const campaign = await createCampaign(server.app, hostId, { status: 'pending' });
    expect((await new TestClient(server.url).get(`/api/events/${campaign.id}/supporters`)).status).toBe(404);
  });
});

describe('GET /api/events/{id}/live', () => {
  it('sends the totals at once and again after every pledge, uncompressed', async () => {
    const campaign = await createCampaign(server.app, hostId, { status: 'approved' });
    const live = await openLive(server.url, campaign.id);
    expect(live.response.headers.get('content-type')).toContain('text/event-stream');
    expect(live.response.headers.get('content-encoding')).toBeNull();
    expect(await live.next(() => true)).toMatchObject({ event_id: campaign.id, payment_amount: 0, supporters: 0, status: 'approved' });
    const { client, cardId } = await supporterWithCard(server);
    await client.post(`/api/events/${campaign.id}/pledges`, { amount: 12.5, payment_method_id: cardId });
    expect(await live.next((totals) => totals.pledge_count === 1)).toMatchObject({ payment_amount: 12.5, supporters: 1 });
    live.close();
  });

  it.runIf(testDriver === 'postgres')('shows a pledge made through another instance on the same database', { tags: ['concurrency'] }, async () => {
    const second: App = await buildApp(server.config, { logger: { level: 'warn' }, serveWeb: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = second.server.address();
      const secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const campaign = await createCampaign(server.app, hostId, { status: 'approved' });
      const live = await openLive(secondUrl, campaign.id);
      await live.next(() => true);
      const { client, cardId } = await supporterWithCard(server);
      expect((await client.post(`/api/events/${campaign.id}/pledges`, { amount: 40, payment_method_id: cardId })).status).toBe(201);
      expect(await live.next((totals) => totals.pledge_count === 1)).toMatchObject({ payment_amount: 40 });
      live.close();
    } finally {
      await second.close();
    }
  });
});
