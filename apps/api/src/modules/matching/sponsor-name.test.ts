import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { offerMatch, sponsorWithCard } from '../../test/matches.ts';
import { adminClient, type Person } from '../../test/factories.ts';
import { expectBooksBalanced, liveCampaign, pledgeFrom } from '../../test/money.ts';

/*
 * A sponsor's match is shown only under the name the sponsor chose, or as "Anonymous" (decision
 * 109): before the charge run and after it, when the match has become a pledge of the sponsor's.
 */
let server: TestServer;
let admin: TestClient;
let visitor: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  visitor = new TestClient(server.url);
});
afterAll(async () => server.close());

async function completeAndCharge(creator: Person, eventId: string) {
  expect((await creator.client.post(`/api/events/${eventId}/complete`)).status).toBe(200);
  expect((await admin.post(`/api/admin/events/${eventId}/charge`)).status).toBe(201);
  await server.app.ctx.jobs.drain();
}

/** The first `event: totals` message of the campaign's live stream, as the overlay and the page receive it. */
async function firstLiveMessage(eventId: string): Promise<string> {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/events/${eventId}/live`, { signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!text.includes('event: totals')) text += (await reader.read()).value ?? '';
  controller.abort();
  return text;
}

/** Everything a visitor reads of the campaign: its page, supporters (the overlay's too), matches, live stream and open ledger with both downloads. */
async function publicReads(eventId: string): Promise<Record<string, string>> {
  const reads: Record<string, string> = {};
  for (const path of ['show/{id}', '{id}/supporters', '{id}/matches', '{id}/money', '{id}/money.json', '{id}/money.csv']) {
    const response = await visitor.get(`/api/events/${path.replace('{id}', eventId)}`);
    expect(response.status, path).toBe(200);
    reads[path] = JSON.stringify(response.data);
  }
  reads.live = await firstLiveMessage(eventId);
  return reads;
}

async function matchLines(eventId: string) {
  const supporters = (await visitor.get(`/api/events/${eventId}/supporters`)).data.data.supporters as { name: string | null; amount: number }[];
  const ledger = (await visitor.get(`/api/events/${eventId}/money`)).data.data.lines as { kind: string; donor: string | null }[];
  return { supporters, charge: ledger.find((line) => line.kind === 'match_charge') };
}

describe('a sponsor’s name', () => {
  it('is the name the sponsor chose, and never the account holder’s, everywhere public, before and after the charge run', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const sponsor = await sponsorWithCard(server, 'Sally Accountholder');
    const offered = await offerMatch(sponsor, event.id, { sponsor_name: 'Acme Foods', cap: 160 });
    expect(offered).toMatchObject({ sponsor_name: 'Acme Foods', anonymous: false });
    await pledgeFrom(server, await signUp(server.url, { name: 'Nora Named' }), event.id, { amountCents: 20_000 });

    for (const [path, text] of Object.entries(await publicReads(event.id))) expect(text, path).not.toContain('Sally Accountholder');
    await completeAndCharge(creator, event.id);

    const { supporters, charge } = await matchLines(event.id);
    expect(supporters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Acme Foods', amount: 160 })]));
    expect(charge).toMatchObject({ label: "Sponsor's match charged", donor: 'Acme Foods' });
    const reads = await publicReads(event.id);
    for (const [path, text] of Object.entries(reads)) expect(text, path).not.toContain('Sally Accountholder');
    for (const path of ['{id}/supporters', '{id}/matches', '{id}/money', '{id}/money.json', '{id}/money.csv'])
      expect(reads[path], path).toContain('Acme Foods');
    await expectBooksBalanced(server);
  });

  it('is "Anonymous" when the sponsor chooses, like an anonymous pledge, before and after the charge run', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const sponsor = await sponsorWithCard(server, 'Quentin Quietgiver');
    const offered = await offerMatch(sponsor, event.id, { sponsor_name: undefined, anonymous: true, cap: 50 });
    expect(offered).toMatchObject({ sponsor_name: 'Anonymous', anonymous: true });
    await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 8_000 });
    expect((await visitor.get(`/api/events/${event.id}/matches`)).data.data.matches[0]).toMatchObject({ sponsor_name: 'Anonymous', matched_amount: 50 });

    await completeAndCharge(creator, event.id);
    const { supporters, charge } = await matchLines(event.id);
    // The supporters list gives an anonymous pledge no name; the page and the overlay show "Anonymous".
    expect(supporters.find((row) => row.amount === 50)).toMatchObject({ name: null });
    expect(charge).toMatchObject({ donor: 'Anonymous' });
    for (const [path, text] of Object.entries(await publicReads(event.id))) expect(text, path).not.toContain('Quentin Quietgiver');
    expect((await sponsor.client.get('/api/matches/mine')).data.data.matches[0]).toMatchObject({
      sponsor_name: 'Anonymous',
      anonymous: true,
      status: 'charged',
    });
  });

  it('is required unless the sponsor is anonymous, and a bad choice changes nothing', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const sponsor = await sponsorWithCard(server);
    const body = { ratio: 1, cap: 10, payment_method_id: sponsor.cardId };
    const unnamed = await sponsor.client.post(`/api/events/${event.id}/matches`, body);
    expect(unnamed.status).toBe(400);
    expect(unnamed.data.fields.sponsor_name).toBe('Sponsor name is required');
    expect((await sponsor.client.post(`/api/events/${event.id}/matches`, { ...body, sponsor_name: 'Acme', anonymous: 'yes' })).status).toBe(400);
    expect((await visitor.get(`/api/events/${event.id}/matches`)).data.data.matches).toEqual([]);
  });
});
