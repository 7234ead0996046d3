import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLEDGE_FORM_MESSAGES } from '@pledgeway/domain';
import { outboxEmails, participants, pledges, users } from '../../db/schema.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createCampaign } from '../../test/factories.ts';
import { supporterWithCard } from '../../test/money.ts';

let server: TestServer;
let host: { _id: string };
beforeAll(async () => {
  server = await startTestServer();
  host = (await signUp(server.url, { name: 'Hana Host' })).user;
});
afterAll(async () => server.close());

function pledgeBody(cardId: string, overrides: Record<string, unknown> = {}) {
  return { amount: 100, tip_percent: 20, cover_fees: false, anonymous: false, message: 'Go team!', payment_method_id: cardId, ...overrides };
}

async function pledgesOf(eventId: string) {
  return server.app.ctx.db.select().from(pledges).where(eq(pledges.eventId, eventId));
}

describe('POST /api/events/{id}/pledges', () => {
  it('saves a pending pledge with a 3% platform fee and the tip, charging nothing', async () => {
    const { client, cardId, email } = await supporterWithCard(server);
    const campaign = await createCampaign(server.app, host._id, { status: 'approved', name: 'River Run' });
    const response = await client.post(`/api/events/${campaign.id}/pledges`, pledgeBody(cardId));
    expect(response.status).toBe(201);
    expect(response.data).toMatchObject({ success: true, message: PLEDGE_FORM_MESSAGES.created });
    expect(response.data.data.pledge).toMatchObject({
      event_id: campaign.id,
      status: 'pending',
      message: 'Go team!',
      breakdown: { amount: 100, tip: 20, platform_fee: 3, cover: 0, card_fee: 3.78, total: 120, net_to_charity: 93.22 },
    });
    const [row] = await pledgesOf(campaign.id);
    expect(row).toMatchObject({ amountCents: 10_000, tipCents: 2_000, platformFeeCents: 300, coverCents: 0, status: 'pending', paymentMethodId: cardId });
    expect(row!.chargedCents).toBeNull();
    const mail = await server.app.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, email.toLowerCase()), eq(outboxEmails.kind, 'pledge-receipt')));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('has not been charged');
    expect(mail[0]!.text).toContain('River Run');
  });

  it("charges the creator's own pledge 5% and stores the cover of the fees", async () => {
    const signed = await supporterWithCard(server);
    const campaign = await createCampaign(server.app, signed.user._id, { status: 'approved' });
    const response = await signed.client.post(`/api/events/${campaign.id}/pledges`, pledgeBody(signed.cardId, { tip_percent: 0, cover_fees: true }));
    expect(response.status).toBe(201);
    const { breakdown } = response.data.data.pledge;
    expect(breakdown.platform_fee).toBe(5);
    expect(breakdown.net_to_charity).toBeGreaterThanOrEqual(100);
    expect(breakdown.total).toBe(100 + breakdown.cover);
    const [row] = await pledgesOf(campaign.id);
    expect(row!.platformFeeCents).toBe(500);
    expect(row!.coverCents).toBe(Math.round(breakdown.cover * 100));
  });

  it.each([
    ['pending', 409, PLEDGE_FORM_MESSAGES.notLive],
    ['rejected', 409, PLEDGE_FORM_MESSAGES.notLive],
    ['freeze', 409, PLEDGE_FORM_MESSAGES.frozen],
    ['close', 409, PLEDGE_FORM_MESSAGES.notLive],
    ['completed', 409, PLEDGE_FORM_MESSAGES.notLive],
    ['cancelled', 409, PLEDGE_FORM_MESSAGES.notLive],
  ] as const)('refuses a %s campaign with a clear message and saves nothing', async (status, code, message) => {
    const { client, cardId } = await supporterWithCard(server);
    const campaign = await createCampaign(server.app, host._id, { status });
    const response = await client.post(`/api/events/${campaign.id}/pledges`, pledgeBody(cardId));
    expect(response.status).toBe(code);
    expect(response.data.message).toBe(message);
    expect(await pledgesOf(campaign.id)).toHaveLength(0);
  });

  it('refuses bad amounts, pledges over the donation limit and foreign cards with 400', async () => {
    const { client, cardId } = await supporterWithCard(server);
    const other = await supporterWithCard(server);
    const campaign = await createCampaign(server.app, host._id, { status: 'approved', donationLimitCents: 25_000 });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ amount: 0.5 }, 'amount', PLEDGE_FORM_MESSAGES.amountMin],
      [{ amount: 50_001 }, 'amount', PLEDGE_FORM_MESSAGES.amountMax],
      [{ amount: 10.005 }, 'amount', PLEDGE_FORM_MESSAGES.amountCents],
      [{ amount: 250.01 }, 'amount', 'This campaign accepts pledges of at most $250'],
      [{ payment_method_id: other.cardId }, 'payment_method_id', PLEDGE_FORM_MESSAGES.paymentMethodRequired],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await client.post(`/api/events/${campaign.id}/pledges`, pledgeBody(cardId, overrides));
      expect(response.status).toBe(400);
      expect(response.data.fields?.[field] ?? response.data.message).toBe(message);
    }
    expect(await pledgesOf(campaign.id)).toHaveLength(0);
    expect((await client.post(`/api/events/${campaign.id}/pledges`, pledgeBody(cardId, { amount: 250 }))).status).toBe(201);
  });

  it('accepts pledges past the target and past the date', async () => {
    const { client, cardId } = await supporterWithCard(server);
    const campaign = await createCampaign(server.app, host._id, { status: 'approved', targetCents: 10_000, eventDate: '2020-01-01' });
    expect((await client.post(`/api/events/${campaign.id}/pledges`, pledgeBody(cardId, { amount: 150 }))).status).toBe(201);
    expect((await client.post(`/api/events/${campaign.id}/pledges`, pledgeBody(cardId, { amount: 150 }))).status).toBe(201);
  });

  it('needs an option of the runoff, and its fixed amount when it is won by donor total', async () => {
    const { client, cardId } = await supporterWithCard(server);
    const campaign = await createCampaign(server.app, host._id, {
      status: 'approved',
      kind: 'runoff',
      runoffWinBy: 'donor_total',
      runoffFixedAmountCents: 2_500,
    });
    const other = await createCampaign(server.app, host._id, { status: 'approved', kind: 'runoff' });
    const [option] = await server.app.ctx.db.insert(participants).values({ eventId: campaign.id, fullName: 'Option A' }).returning();
    const [foreign] = await server.app.ctx.db.insert(participants).values({ eventId: other.id, fullName: 'Option Z' }).returning();
    const url = `/api/events/${campaign.id}/pledges`;
    expect((await client.post(url, pledgeBody(cardId, { amount: 25 }))).status).toBe(400);
    expect((await client.post(url, pledgeBody(cardId, { amount: 25, participant_id: foreign!.id }))).status).toBe(400);
    const wrongAmount = await client.post(url, pledgeBody(cardId, { amount: 30, participant_id: option!.id }));
    expect(wrongAmount.data.fields.amount).toBe('Pledges to this runoff are exactly $25.00');
    const accepted = await client.post(url, pledgeBody(cardId, { amount: 25, participant_id: option!.id }));
    expect(accepted.status).toBe(201);
    expect(accepted.data.data.pledge.participant_id).toBe(option!.id);
  });

  it('answers a retried request with the first pledge (Idempotency-Key per user)', { tags: ['concurrency'] }, async () => {
    const { client, cardId } = await supporterWithCard(server);
    const second = await supporterWithCard(server);
    const campaign = await createCampaign(server.app, host._id, { status: 'approved' });
    const key = randomUUID();
    const send = (who: TestClient, card: string) =>
      who.request('POST', `/api/events/${campaign.id}/pledges`, { json: pledgeBody(card), headers: { 'idempotency-key': key } });
    const answers = await Promise.all([send(client, cardId), send(client, cardId), send(client, cardId)]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.data.data.pledge._id)).size).toBe(1);
    // The same key from another supporter is another pledge.
    expect((await send(second.client, second.cardId)).status).toBe(201);
    expect(await pledgesOf(campaign.id)).toHaveLength(2);
    const changed = await client.request('POST', `/api/events/${campaign.id}/pledges`, {
      json: pledgeBody(cardId, { amount: 7 }),
      headers: { 'idempotency-key': key },
    });
    expect(changed.status).toBe(422);
  });

  it('needs a signed-in supporter and an existing campaign', async () => {
    const { client, cardId } = await supporterWithCard(server);
    const campaign = await createCampaign(server.app, host._id, { status: 'approved' });
    expect((await new TestClient(server.url).post(`/api/events/${campaign.id}/pledges`, pledgeBody(cardId))).status).toBe(401);
    expect((await client.post(`/api/events/${randomUUID()}/pledges`, pledgeBody(cardId))).status).toBe(404);
  });

  // The pledge route checks the session in its own read (sessionCheckedByRoute), not the auth plugin's.
  it('refuses a signed token whose session was logged out, whose account was disabled or whose tokens were invalidated', async () => {
    const campaign = await createCampaign(server.app, host._id, { status: 'approved' });
    const loggedOut = await supporterWithCard(server);
    expect((await loggedOut.client.post('/api/site/logout')).status).toBe(200);
    const disabled = await supporterWithCard(server);
    await server.app.ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.user._id));
    const invalidated = await supporterWithCard(server);
    await server.app.ctx.db
      .update(users)
      .set({ tokensValidAfter: new Date(Date.now() + 2000) })
      .where(eq(users.id, invalidated.user._id));

    for (const { client, cardId } of [loggedOut, disabled, invalidated]) {
      const refused = await client.post(`/api/events/${campaign.id}/pledges`, pledgeBody(cardId));
      expect(refused.status).toBe(401);
    }
    expect(await pledgesOf(campaign.id)).toHaveLength(0);
    // The same kind of pledge from a live session is taken.
    const live = await supporterWithCard(server);
    expect((await live.client.post(`/api/events/${campaign.id}/pledges`, pledgeBody(live.cardId))).status).toBe(201);
  });

  it("counts one supporter's pledges sent at once exactly: the limit's pledges are taken, the rest refused with 429", { tags: ['concurrency'] }, async () => {
    const { client, cardId } = await supporterWithCard(server);
    const campaign = await createCampaign(server.app, host._id, { status: 'approved' });
    const sent = Array.from({ length: 36 }, () =>
      client.request('POST', `/api/events/${campaign.id}/pledges`, { json: pledgeBody(cardId, { amount: 1 }), headers: { 'idempotency-key': randomUUID() } }),
    );
    const statuses = (await Promise.all(sent)).map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    expect(await pledgesOf(campaign.id)).toHaveLength(30);
  });

  it('limits how often one supporter pledges', async () => {
    const { client, cardId } = await supporterWithCard(server);
    const campaign = await createCampaign(server.app, host._id, { status: 'approved' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      statuses.push((await client.post(`/api/events/${campaign.id}/pledges`, pledgeBody(cardId, { amount: 1 }))).status);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
    const limited = await client.post(`/api/events/${campaign.id}/pledges`, pledgeBody(cardId, { amount: 1 }));
    expect(limited.status).toBe(429);
    expect(limited.data).toMatchObject({ success: false, code: 'RATE_LIMITED', message: 'Too many requests. Please wait a minute and try again.' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await pledgesOf(campaign.id)).toHaveLength(30);
    // Another supporter is not held back.
    const other = await supporterWithCard(server);
    expect((await other.client.post(`/api/events/${campaign.id}/pledges`, pledgeBody(other.cardId))).status).toBe(201);
  });
});
