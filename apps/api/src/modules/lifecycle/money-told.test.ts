import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDollars, settlePledge } from '@pledgeway/domain';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { CARDS, expectBooksBalanced, fundedCampaign, liveCampaign, pledgeFrom, saveCard } from '../../test/money.ts';
import { adminClient, createCampaign, firstCharityId, mailsTo, type Person, pledgeRow } from '../../test/factories.ts';

/** Issue 19: every money event is told to the person it concerns, and what the pages say is true. */
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
});
afterAll(async () => server.close());

async function completeAndCharge(creator: Person, eventId: string) {
  expect((await creator.client.post(`/api/events/${eventId}/complete`)).status).toBe(200);
  const started = await admin.post(`/api/admin/events/${eventId}/charge`);
  expect(started.status).toBe(201);
  await server.app.ctx.jobs.drain();
}

async function payOut(charityId: string, cents: number, reference: string) {
  const paid = await admin.post('/api/admin/payouts', { charity_id: charityId, amount: centsToDollars(cents), reference, paid_on: '2026-11-25' });
  expect(paid.status, JSON.stringify(paid.data)).toBe(201);
}

type MyPledge = { _id: string; status: string; to_charity: number; passed_on: number };
async function myPledge(person: Person, pledgeId: string): Promise<MyPledge> {
  const pledges = (await person.client.get('/api/events/pledges')).data.data.pledges as MyPledge[];
  return pledges.find((pledge) => pledge._id === pledgeId)!;
}

// First in the file: the charity's payouts reach its oldest campaigns first, so no other campaign of this file may be owed before it.
describe('what reached the charity', () => {
  it('a charged pledge and its campaign count as passed on only as far as payouts reached them; the charity shows its total', async () => {
    const creator = await signUp(server.url);
    const supporter = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const charityId = await firstCharityId(server);
    const { pledge, quote } = await pledgeFrom(server, supporter, event.id, { amountCents: 5_000, tipPercent: 20 });
    expect(await myPledge(supporter, pledge.id)).toMatchObject({ status: 'pending', to_charity: 0, passed_on: 0 });
    await completeAndCharge(creator, event.id);

    const charged = await pledgeRow(server, pledge.id);
    const pledgeNet = settlePledge({ ...quote, chargedCents: charged.chargedCents!, cardFeeCents: charged.cardFeeCents! }).netToCharityCents;
    const fundingNet = 10_000 - 320 - 500;
    const eventRead = async () => (await new TestClient(server.url).get(`/api/events/show/${event.id}`)).data;
    expect(await eventRead()).toMatchObject({
      charged_amount: centsToDollars(10_000 + quote.totalCents),
      to_charity: centsToDollars(fundingNet + pledgeNet),
      passed_on: 0,
    });
    expect(await myPledge(supporter, pledge.id)).toMatchObject({ status: 'charged', to_charity: centsToDollars(pledgeNet), passed_on: 0 });

    // The campaign's money was booked funding first, then the pledge: a payout covering the funding and $10 reaches $10 of the pledge.
    await payOut(charityId, fundingNet + 1_000, 'ACH-1');
    expect((await eventRead()).passed_on).toBe(centsToDollars(fundingNet + 1_000));
    expect(await myPledge(supporter, pledge.id)).toMatchObject({ to_charity: centsToDollars(pledgeNet), passed_on: 10 });

    await payOut(charityId, pledgeNet - 1_000, 'ACH-2');
    expect((await eventRead()).passed_on).toBe(centsToDollars(fundingNet + pledgeNet));
    expect(await myPledge(supporter, pledge.id)).toMatchObject({ passed_on: centsToDollars(pledgeNet) });

    const groups = (await new TestClient(server.url).get('/api/charities')).data as { charities: { _id: string; passed_on: number }[] }[];
    const charity = groups.flatMap((group) => group.charities).find((item) => item._id === charityId)!;
    expect(charity.passed_on).toBe(centsToDollars(fundingNet + pledgeNet));
    expect(
      groups
        .flatMap((group) => group.charities)
        .filter((item) => item._id !== charityId)
        .every((item) => item.passed_on === 0),
    ).toBe(true);
    await expectBooksBalanced(server);
  });
});

describe('e-mails of money events', () => {
  it("the creator's funding is receipted once, with the card fee and where the rest goes", async () => {
    const creator = await signUp(server.url);
    const event = await fundedCampaign(server, creator);
    const receipts = (await mailsTo(server, creator.email)).filter((mail) => mail.kind === 'funding-receipt');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe(`Receipt: your funding of "${event.name}" was charged`);
    expect(receipts[0]!.text).toContain('Your payment method was charged $100.00');
    expect(receipts[0]!.text).toContain('Card processing fee: $3.20');
    expect(receipts[0]!.text).toContain('Held for the campaign: $96.80');
    expect(receipts[0]!.text).toContain('the 5% platform fee ($5.00) is kept and $91.80 goes to');
  });

  it('a funding that is declined sends no receipt', async () => {
    const creator = await signUp(server.url);
    const event = await createCampaign(server.app, creator.user._id, { status: 'pending', charityId: await firstCharityId(server) });
    const cardId = await saveCard(creator.client, CARDS.declined);
    expect((await creator.client.post('/api/events/payment', { event_id: event.id, amount: 100, payment_method_id: cardId })).status).toBe(402);
    expect((await mailsTo(server, creator.email)).filter((mail) => mail.kind === 'funding-receipt')).toHaveLength(0);
  });

  it('closing a campaign tells each supporter that their pledge was released and nothing was charged', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const first = await signUp(server.url);
    const second = await signUp(server.url);
    await pledgeFrom(server, first, event.id, { amountCents: 5_000, tipPercent: 20 });
    await pledgeFrom(server, second, event.id, { amountCents: 2_500 });
    expect((await creator.client.post(`/api/events/${event.id}/close`)).status).toBe(200);

    const [firstMail] = (await mailsTo(server, first.email)).filter((mail) => mail.kind === 'pledge-released');
    expect(firstMail!.subject).toBe(`Your pledge to "${event.name}" was released`);
    expect(firstMail!.text).toContain(`"${event.name}" was closed by its creator, so your pledge of $50.00 (and your $10.00 tip) was released.`);
    expect(firstMail!.text).toContain('Nothing was charged to your payment method, and nothing will be.');
    expect((await mailsTo(server, second.email)).filter((mail) => mail.kind === 'pledge-released').map((mail) => mail.text)).toEqual([
      expect.stringContaining('your pledge of $25.00 was released'),
    ]);
    // The creator's own funding is told by its refund, not as a released pledge.
    expect((await mailsTo(server, creator.email)).filter((mail) => mail.kind === 'pledge-released')).toHaveLength(0);
  });

  it('an all-or-nothing campaign below its target tells its supporters why their pledges were released', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin, { targetCents: 500_000, fundingModel: 'all_or_nothing' });
    const supporter = await signUp(server.url);
    await pledgeFrom(server, supporter, event.id, { amountCents: 4_000 });
    await completeAndCharge(creator, event.id);
    const mails = (await mailsTo(server, supporter.email)).filter((mail) => mail.kind === 'pledge-released');
    expect(mails.map((mail) => mail.text)).toEqual([expect.stringContaining('did not reach its target')]);
  });

  it("a failed charge's e-mail starts with a capital and links straight to that pledge's Update payment method", async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const supporter = await signUp(server.url);
    const { pledge } = await pledgeFrom(server, supporter, event.id, { amountCents: 3_000, card: CARDS.declined });
    await completeAndCharge(creator, event.id);
    const [failed] = (await mailsTo(server, supporter.email)).filter((mail) => mail.kind === 'charge-failed');
    expect(failed!.subject).toBe(`Your pledge to "${event.name}" could not be charged`);
    expect(failed!.text).toContain(`${server.config.publicUrl}/user/pledges?update=${pledge.id} `);
  });
});
