import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { accountBalance, CARDS, expectBooksBalanced, liveCampaign, pledgeFrom, saveCard } from '../../test/money.ts';
import { adminClient, mailsTo } from '../../test/factories.ts';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
});
afterAll(async () => server.close());

const previewOf = async (client: TestClient, eventId: string) => client.get(`/api/events/${eventId}/lifecycle-preview`);

describe('the life-cycle preview', () => {
  it('states the close refund, what is kept and the released pledges, and the close then moves exactly that', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 2_500, tipPercent: 20 });
    await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 4_000 });

    const preview = await previewOf(creator.client, event.id);
    expect(preview.status).toBe(200);
    // $100 funding, card fee $3.20, refund fee $0, 5% $5.00.
    expect(preview.data.data.close).toEqual({
      allowed: true,
      funding_amount: 100,
      refund_amount: 91.8,
      kept_amount: 8.2,
      released_pledges: 2,
      released_amount: 65,
      released_matches: 0,
    });

    expect((await creator.client.post(`/api/events/${event.id}/close`)).status).toBe(200);
    await server.app.ctx.jobs.drain();
    const refund = (await mailsTo(server, creator.email)).find((mail) => mail.subject.startsWith('Refund for'));
    expect(refund?.text).toContain('Refunded to your card: $91.80');
    expect(await accountBalance(server, 'donor_card', { eventId: event.id })).toBe(-10_000 + 9_180);
    // Closed: nothing more to close or complete.
    const after = (await previewOf(creator.client, event.id)).data.data;
    expect(after).toMatchObject({ status: 'close', close: { allowed: false }, complete: { allowed: false } });
    await expectBooksBalanced(server);
  });

  it('states the pledges and the amount the charge run will charge, and the run charges that amount', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const a = await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 10_000, tipPercent: 20, coverFees: true });
    const b = await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 2_500 });

    const { complete } = (await previewOf(creator.client, event.id)).data.data;
    expect(complete).toMatchObject({ allowed: true, funding_model: 'all_donations', runoff: false });
    expect(complete.charge).toMatchObject({ outcome: 'charge', pledges: { count: 2 }, match_charges: { count: 0, amount: 0 } });
    expect(complete.charge.pledges.amount).toBe((a.quote.totalCents + b.quote.totalCents) / 100);
    // The funding passes on less its card fee ($3.20) and 5% ($5.00).
    expect(complete.charge.funding).toEqual({ amount: 100, to_charity: 91.8 });

    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    const started = await admin.post(`/api/admin/events/${event.id}/charge`);
    await server.app.ctx.jobs.drain();
    const run = (await admin.get(`/api/admin/charge-runs/${started.data.data._id}`)).data.data;
    expect(run.pledges).toMatchObject({ total: 2, charged: 2, charged_amount: complete.charge.pledges.amount });
    await expectBooksBalanced(server);
  });

  it('says All or Nothing below its target would charge nobody', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin, { targetCents: 500_000, fundingModel: 'all_or_nothing' });
    await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 5_000 });
    const { complete } = (await previewOf(creator.client, event.id)).data.data;
    expect(complete).toMatchObject({ counted_amount: 150, target_amount: 5000 });
    expect(complete.charge).toEqual({
      outcome: 'release',
      pledges: { count: 1, amount: 0 },
      match_charges: { count: 0, amount: 0 },
      funding: { amount: 100, to_charity: 0 },
    });
  });

  it('names each sponsor’s match with the most it can come to, and the run charges no more than that', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const sponsor = await signUp(server.url, { name: 'Acme Foods' });
    const cardId = await saveCard(sponsor.client);
    const offered = await sponsor.client.post(`/api/events/${event.id}/matches`, { ratio: 2, cap: 200, sponsor_name: 'Acme Foods', payment_method_id: cardId });
    expect(offered.status, JSON.stringify(offered.data)).toBe(201);
    await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 2_500 });
    await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 4_000, card: CARDS.declined });

    const { close, complete } = (await previewOf(creator.client, event.id)).data.data;
    expect(close.released_matches).toBe(1);
    // 2 × ($25 + $40) = $130, under the $200 cap: what the match comes to if both pledges are charged.
    expect(complete.matches).toEqual([{ sponsor_name: 'Acme Foods', ratio: 2, cap: 200, at_most: 130 }]);

    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    await admin.post(`/api/admin/events/${event.id}/charge`);
    await server.app.ctx.jobs.drain();
    // The $40 pledge was declined: the match is 2 × $25, charged to the sponsor's card.
    const matches = (await admin.get(`/api/events/${event.id}/matches`)).data.data.matches as Array<{ status: string; matched_amount: number }>;
    expect(matches).toMatchObject([{ status: 'charged', matched_amount: 50 }]);
    await expectBooksBalanced(server);
  });

  it('says an All or Nothing campaign below its target releases the matches with the pledges', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin, { targetCents: 500_000, fundingModel: 'all_or_nothing' });
    const sponsor = await signUp(server.url);
    const offered = await sponsor.client.post(`/api/events/${event.id}/matches`, {
      ratio: 1,
      cap: 50,
      sponsor_name: 'Corner Shop',
      payment_method_id: await saveCard(sponsor.client),
    });
    expect(offered.status).toBe(201);
    await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 5_000 });
    const { complete } = (await previewOf(creator.client, event.id)).data.data;
    expect(complete).toMatchObject({ charge: { outcome: 'release' }, matches: [{ sponsor_name: 'Corner Shop', ratio: 1, cap: 50, at_most: 0 }] });
  });

  it('is the creator’s and the admins’ only', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const stranger = await signUp(server.url);
    expect((await previewOf(stranger.client, event.id)).status).toBe(403);
    expect((await previewOf(new TestClient(server.url), event.id)).status).toBe(401);
    expect((await previewOf(admin, event.id)).status).toBe(200);
    expect((await previewOf(creator.client, crypto.randomUUID())).status).toBe(404);
  });
});
