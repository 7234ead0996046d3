import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLEDGE_FORM_MESSAGES, RAISE_MESSAGES, quotePledge } from '@pledgeway/domain';
import { events, ledgerTransactions, outboxEmails, participants, pledges } from '../../db/schema.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { pledgeRaises } from './tables.ts';
import { createCampaign } from '../../test/factories.ts';
import { supporterWithCard } from '../../test/money.ts';

let server: TestServer;
let host: { _id: string };
beforeAll(async () => {
  server = await startTestServer();
  host = (await signUp(server.url, { name: 'Hana Host' })).user;
});
afterAll(async () => server.close());

type Supporter = Awaited<ReturnType<typeof supporterWithCard>>;

/** A supporter's pending pledge made through the pledge endpoint, as a browser makes it. */
async function pledgeOn(supporter: Supporter, eventId: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await supporter.client.post(`/api/events/${eventId}/pledges`, {
    amount: 25,
    tip_percent: 20,
    cover_fees: false,
    payment_method_id: supporter.cardId,
    ...overrides,
  });
  expect(response.status, JSON.stringify(response.data)).toBe(201);
  return response.data.data.pledge._id as string;
}

function raise(client: TestClient, pledgeId: string, body: Record<string, unknown>, key?: string) {
  return client.request('POST', `/api/pledges/${pledgeId}/raise`, { json: body, headers: key ? { 'idempotency-key': key } : {} });
}

async function rowOf(pledgeId: string) {
  const [row] = await server.app.ctx.db.select().from(pledges).where(eq(pledges.id, pledgeId));
  return row!;
}

async function raisesOf(pledgeId: string) {
  return server.app.ctx.db.select().from(pledgeRaises).where(eq(pledgeRaises.pledgeId, pledgeId));
}

async function raisedTotal(eventId: string): Promise<number> {
  const page = await fetch(`${server.url}/api/events/${eventId}/supporters`).then((response) => response.json() as Promise<{ data: { total: number } }>);
  return page.data.total;
}

describe('POST /api/pledges/{id}/raise', () => {
  it('raises a pending pledge in place with the fees computed again, e-mails the supporter and leaves the ledger alone', async () => {
    const supporter = await supporterWithCard(server);
    const campaign = await createCampaign(server.app, host._id, { status: 'approved', name: 'River Run' });
    const pledgeId = await pledgeOn(supporter, campaign.id);
    expect(await raisedTotal(campaign.id)).toBe(25);

    const response = await raise(supporter.client, pledgeId, { amount: 80, tip_percent: 10, cover_fees: true });
    expect(response.status, JSON.stringify(response.data)).toBe(200);
    const expected = quotePledge({ amountCents: 8_000, tipPercent: 10, coverFees: true, isCreator: false });
    expect(response.data).toMatchObject({ success: true, message: RAISE_MESSAGES.raised, data: { previous_amount: 25 } });
    expect(response.data.data.pledge).toMatchObject({
      _id: pledgeId,
      status: 'pending',
      breakdown: {
        amount: 80,
        tip: expected.tipCents / 100,
        platform_fee: 2.4,
        cover: expected.coverCents / 100,
        total: expected.totalCents / 100,
        net_to_charity: expected.netToCharityCents / 100,
      },
    });
    expect(await rowOf(pledgeId)).toMatchObject({
      amountCents: 8_000,
      tipCents: 800,
      platformFeeCents: 240,
      coverCents: expected.coverCents,
      coverFees: true,
      status: 'pending',
      chargedCents: null,
    });
    expect(await raisesOf(pledgeId)).toMatchObject([
      { fromAmountCents: 2_500, toAmountCents: 8_000, fromTipCents: 500, toTipCents: 800, fromPlatformFeeCents: 75 },
    ]);
    expect(await raisedTotal(campaign.id)).toBe(80);

    const mails = await server.app.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, supporter.email.toLowerCase()), eq(outboxEmails.kind, 'pledge-raised')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('from $25.00 to $80.00');
    expect(mails[0]!.text).toContain('has not been charged');
    // A pledge is not money until it is charged: nothing is posted.
    expect(await server.app.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.pledgeId, pledgeId))).toEqual([]);
  });

  it("keeps the creator's 5% platform fee on the creator's own pledge", async () => {
    const creator = await supporterWithCard(server);
    const campaign = await createCampaign(server.app, creator.user._id, { status: 'approved' });
    const pledgeId = await pledgeOn(creator, campaign.id, { tip_percent: 0 });
    const response = await raise(creator.client, pledgeId, { amount: 100, tip_percent: 0 });
    expect(response.status).toBe(200);
    expect(response.data.data.pledge.breakdown.platform_fee).toBe(5);
  });

  describe('refusals change nothing', () => {
    it.each([
      ['the same amount', { amount: 25 }, 400, RAISE_MESSAGES.notHigher.replace('{amount}', '$25.00')],
      ['a lower amount', { amount: 10 }, 400, RAISE_MESSAGES.notHigher.replace('{amount}', '$25.00')],
      ['more than the donation limit', { amount: 60 }, 400, PLEDGE_FORM_MESSAGES.overDonationLimit.replace('{limit}', '$50')],
      ['more than $50,000', { amount: 50_000.01 }, 400, PLEDGE_FORM_MESSAGES.amountMax],
      ['three decimals', { amount: 30.005 }, 400, PLEDGE_FORM_MESSAGES.amountCents],
      ['no amount', {}, 400, PLEDGE_FORM_MESSAGES.amountRequired],
    ])('refuses %s with its message', async (_label, body, status, message) => {
      const supporter = await supporterWithCard(server);
      const campaign = await createCampaign(server.app, host._id, { status: 'approved', donationLimitCents: 5_000 });
      const pledgeId = await pledgeOn(supporter, campaign.id);
      const before = await rowOf(pledgeId);
      const response = await raise(supporter.client, pledgeId, body);
      expect(response.status).toBe(status);
      expect(response.data).toMatchObject({ success: false, message, fields: { amount: message } });
      expect(await rowOf(pledgeId)).toEqual(before);
      expect(await raisesOf(pledgeId)).toEqual([]);
    });

    it.each([
      ['frozen', { status: 'freeze' as const }, RAISE_MESSAGES.frozen],
      ['completed', { status: 'completed' as const }, RAISE_MESSAGES.notLive],
      ['closed', { status: 'close' as const }, RAISE_MESSAGES.notLive],
      ['a Donor Total runoff', { kind: 'runoff' as const, runoffWinBy: 'donor_total' as const, runoffFixedAmountCents: 2_500 }, RAISE_MESSAGES.fixedAmount],
    ])('refuses a pledge on a %s campaign with 409', async (_label, change, message) => {
      const supporter = await supporterWithCard(server);
      const campaign = await createCampaign(server.app, host._id, { status: 'approved' });
      const pledgeId = await pledgeOn(supporter, campaign.id);
      await server.app.ctx.db.update(events).set(change).where(eq(events.id, campaign.id));
      const before = await rowOf(pledgeId);
      const response = await raise(supporter.client, pledgeId, { amount: 40 });
      expect(response.status).toBe(409);
      expect(response.data.message).toBe(message);
      expect(await rowOf(pledgeId)).toEqual(before);
      expect(await raisesOf(pledgeId)).toEqual([]);
    });

    it('refuses a charged pledge and a pledge already at the donation limit', async () => {
      const supporter = await supporterWithCard(server);
      const campaign = await createCampaign(server.app, host._id, { status: 'approved', donationLimitCents: 2_500 });
      const atLimit = await pledgeOn(supporter, campaign.id);
      const limited = await raise(supporter.client, atLimit, { amount: 30 });
      expect(limited.status).toBe(409);
      expect(limited.data.message).toBe(RAISE_MESSAGES.atMaximum);

      const other = await createCampaign(server.app, host._id, { status: 'approved' });
      const charged = await pledgeOn(supporter, other.id);
      await server.app.ctx.db.update(pledges).set({ status: 'charged', chargedCents: 3_000 }).where(eq(pledges.id, charged));
      const response = await raise(supporter.client, charged, { amount: 30 });
      expect(response.status).toBe(409);
      expect(response.data.message).toBe(RAISE_MESSAGES.notPending);
      expect((await rowOf(charged)).amountCents).toBe(2_500);
    });

    it("answers 404 for someone else's pledge or an unknown one, 401 without a session and 400 for a bad id", async () => {
      const supporter = await supporterWithCard(server);
      const stranger = await signUp(server.url);
      const campaign = await createCampaign(server.app, host._id, { status: 'approved' });
      const pledgeId = await pledgeOn(supporter, campaign.id);
      const before = await rowOf(pledgeId);

      const notTheirs = await raise(stranger.client, pledgeId, { amount: 40 });
      expect(notTheirs.status).toBe(404);
      expect(notTheirs.data.message).toBe(RAISE_MESSAGES.notFound);
      expect((await raise(supporter.client, '00000000-0000-4000-8000-000000000000', { amount: 40 })).status).toBe(404);
      expect((await raise(new TestClient(server.url), pledgeId, { amount: 40 })).status).toBe(401);
      expect((await raise(supporter.client, 'not-a-uuid', { amount: 40 })).status).toBe(400);
      expect(await rowOf(pledgeId)).toEqual(before);
    });
  });

  describe('Idempotency-Key', () => {
    it('answers a retried raise with the first one and raises once', async () => {
      const supporter = await supporterWithCard(server);
      const campaign = await createCampaign(server.app, host._id, { status: 'approved' });
      const pledgeId = await pledgeOn(supporter, campaign.id);
      const first = await raise(supporter.client, pledgeId, { amount: 60 }, 'raise-1');
      const again = await raise(supporter.client, pledgeId, { amount: 60 }, 'raise-1');
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(again.data.data).toEqual(first.data.data);
      expect(await raisesOf(pledgeId)).toHaveLength(1);

      const reused = await raise(supporter.client, pledgeId, { amount: 70 }, 'raise-1');
      expect(reused.status).toBe(422);
      expect(reused.data.message).toBe(RAISE_MESSAGES.requestKeyReused);
      expect((await rowOf(pledgeId)).amountCents).toBe(6_000);
    });
  });
});

describe('GET /api/events/pledges: the raise offer', () => {
  it('offers "Raise my pledge" with the earlier choices, and says why a Donor Total runoff pledge cannot be raised', async () => {
    const supporter = await supporterWithCard(server);
    const live = await createCampaign(server.app, host._id, { status: 'approved', donationLimitCents: 20_000, name: 'Limited' });
    const runoff = await createCampaign(server.app, host._id, {
      status: 'approved',
      kind: 'runoff',
      runoffWinBy: 'donation_total',
      name: 'Runoff',
    });
    await pledgeOn(supporter, live.id, { amount: 40, tip_percent: 15, cover_fees: true });
    const [option] = await server.app.ctx.db.insert(participants).values({ eventId: runoff.id, fullName: 'Option A' }).returning();
    await pledgeOn(supporter, runoff.id, { amount: 10, participant_id: option!.id });
    await server.app.ctx.db.update(events).set({ runoffWinBy: 'donor_total', runoffFixedAmountCents: 1_000 }).where(eq(events.id, runoff.id));

    const list = (await supporter.client.get('/api/events/pledges')).data.data.pledges as Array<{ event: { name: string }; raise: unknown }>;
    expect(list.find((pledge) => pledge.event.name === 'Limited')?.raise).toEqual({
      allowed: true,
      refusal: null,
      max_amount: 200,
      tip_percent: 15,
      cover_fees: true,
      is_creator: false,
      charity_name: null,
    });
    expect(list.find((pledge) => pledge.event.name === 'Runoff')?.raise).toMatchObject({ allowed: false, refusal: RAISE_MESSAGES.fixedAmount });
  });
});
