import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { CARDS, expectBooksBalanced, liveCampaign, pledgeFrom, saveCard } from '../../test/money.ts';
import { adminClient } from '../../test/factories.ts';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
});
afterAll(async () => server.close());

/**
 * Issue 6: the host's Complete confirmation, the admin's charge-run card and the run's progress
 * read one set of figures (the pledges to charge, the match charges, the funding); a finished run
 * says when a dispute of its charges is still open. Issue 7: the funding's share for the charity
 * is the domain's split, both fees taken.
 */
describe('the figures of a charge run', () => {
  it('are the same in the Complete confirmation and the admin’s queue, and the run counts pledges, match charges and funding apart', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const sponsor = await signUp(server.url, { name: 'Harbour Bakery' });
    const offered = await sponsor.client.post(`/api/events/${event.id}/matches`, {
      ratio: 1,
      cap: 500,
      sponsor_name: 'Harbour Bakery',
      payment_method_id: await saveCard(sponsor.client),
    });
    expect(offered.status, JSON.stringify(offered.data)).toBe(201);
    const a = await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 10_000, tipPercent: 20, coverFees: true });
    const b = await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 2_500 });
    const disputed = await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 5_000, card: CARDS.dispute });
    const cardsCharged = (a.quote.totalCents + b.quote.totalCents + disputed.quote.totalCents) / 100;

    const preview = (await creator.client.get(`/api/events/${event.id}/lifecycle-preview`)).data.data.complete;
    // What the cards are charged (pledges, tips and covers), not the pledges alone; the match at most 1 × $175; $100 − $3.20 − $5.00.
    expect(preview.charge).toEqual({
      outcome: 'charge',
      pledges: { count: 3, amount: cardsCharged },
      match_charges: { count: 1, amount: 175 },
      funding: { amount: 100, to_charity: 91.8 },
    });
    expect(cardsCharged).toBeGreaterThan(175);

    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    const queued = (await admin.get('/api/admin/charging')).data.data.waiting.find((row: { _id: string }) => row._id === event.id);
    expect(queued.charge).toEqual(preview.charge);
    expect(queued).not.toHaveProperty('pledged_amount');

    const started = await admin.post(`/api/admin/events/${event.id}/charge`);
    expect(started.status).toBe(201);
    await server.app.ctx.jobs.drain();
    const run = (await admin.get(`/api/admin/charge-runs/${started.data.data._id}`)).data.data;
    expect(run).toMatchObject({ status: 'finished', total: 5 });
    // The disputed pledge was charged: three pledges charged, the match apart, the funding apart.
    expect(run.pledges).toEqual({ total: 3, charged: 3, failed: 0, released: 0, charged_amount: cardsCharged });
    expect(run.match_charges).toEqual({ total: 1, charged: 1, failed: 0, released: 0, charged_amount: 175 });
    expect(run.funding).toEqual({ amount: 100, to_charity: 91.8, outcome: 'passed_on' });
    expect(run.open_disputes).toBe(1);
    const forCreator = (await creator.client.get(`/api/events/${event.id}/charge-run`)).data.data;
    expect(forCreator).toMatchObject({ open_disputes: 1, match_charges: run.match_charges });

    // The sponsor's My Pledges names the match's pledge a match.
    const mine = (await sponsor.client.get('/api/events/pledges')).data.data.pledges as { kind: string; amount: number }[];
    expect(mine).toEqual([expect.objectContaining({ kind: 'match', amount: 175 })]);
    await expectBooksBalanced(server);
  });

  it('says no dispute is open of a run whose charges nobody disputed', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const supporter = await signUp(server.url);
    await pledgeFrom(server, supporter, event.id, { amountCents: 4_000 });
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    const started = await admin.post(`/api/admin/events/${event.id}/charge`);
    await server.app.ctx.jobs.drain();
    const run = (await admin.get(`/api/admin/charge-runs/${started.data.data._id}`)).data.data;
    expect(run).toMatchObject({ status: 'finished', open_disputes: 0, match_charges: { total: 0 } });
    expect((await supporter.client.get('/api/events/pledges')).data.data.pledges).toEqual([expect.objectContaining({ kind: 'pledge' })]);
  });
});
