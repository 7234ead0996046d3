import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES } from '@pledgeway/domain';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { isSandbox } from '../../providers/payments/index.ts';
import { signUp, TestClient, uniqueEmail } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { FAILED_PLEDGES_QUEUE } from '../charging/failed-window.ts';
import { charityTransfers } from '../charity-connect/tables.ts';
import { charityRepresentatives } from '../charity-portal/tables.ts';
import { createWebhooksService } from './service.ts';
import { startReceiver, type TestReceiver } from './test-receiver.ts';
import { accountBalance, CARDS, liveCampaign, onboard, pledgeFrom, saveCard } from '../../test/money.ts';
import { adminClient, benefit, newCharity, type Person } from '../../test/factories.ts';

/**
 * The money events (decision 180): a donation, a monthly gift's charge, a recorded payout, a Connect
 * transfer and a dispute's opening and close, each recorded by a trigger in the change's own
 * transaction and sent to the charity's endpoints (decision 181) and, for a dispute, the host's.
 */
let server: TestServer;
let admin: TestClient;
let clock: TestClock;
const receivers: TestReceiver[] = [];

beforeAll(async () => {
  // The receivers listen on loopback: a setting only tests and development allow.
  server = await startTestServer({ webhooksAllowPrivateAddresses: true });
  clock = createTestClock();
  server.app.ctx.clock = clock;
  admin = await adminClient(server);
});
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await server.close();
});

const deliver = () => createWebhooksService(server.app.ctx).run();
const CHARITY_EVENTS = ['donation.made', 'monthly_gift.charged', 'payout.made', 'transfer.made', 'transfer.reversed', 'dispute.opened', 'dispute.closed'];

async function receiver() {
  const made = await startReceiver();
  receivers.push(made);
  return made;
}

/** A signed-up person made the charity's representative (as an accepted invitation makes them). */
async function representativeOf(charityId: string): Promise<Person> {
  const person = await signUp(server.url, { name: 'Tess Treasurer' });
  await server.app.ctx.db.insert(charityRepresentatives).values({ charityId, userId: person.user._id });
  return person;
}

async function charityEndpoint(person: Person, charityId: string, target: TestReceiver) {
  const created = await person.client.post(`/api/webhooks/endpoints?charity_id=${charityId}`, { url: target.url, event_types: CHARITY_EVENTS });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  return created.data.data.endpoint.id as string;
}

type Envelope = { id: string; type: string; data: Record<string, unknown> };
const envelopes = (target: TestReceiver) => target.received.map((request) => JSON.parse(request.body) as Envelope);
const ofType = (target: TestReceiver, type: string) => envelopes(target).filter((envelope) => envelope.type === type);

async function cardToken(): Promise<string> {
  const payments = server.app.ctx.payments;
  if (!isSandbox(payments)) throw new Error('tests run with the sandbox provider');
  const year = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
  return (await payments.tokenizeCard({ holder_name: 'Dana Donor', number: '4242424242424242', expiry: `09/${year}`, cvv: '123' })).token;
}

describe('webhook events about a charity’s money', () => {
  it('a charity’s endpoint is managed by its representatives only, and takes only the charity’s events', async () => {
    const charityId = await newCharity(server);
    const treasurer = await representativeOf(charityId);
    const outsider = await signUp(server.url);
    const target = await receiver();
    const body = { url: target.url, event_types: ['donation.made'] };
    expect((await outsider.client.post(`/api/webhooks/endpoints?charity_id=${charityId}`, body)).status).toBe(404);
    expect((await admin.post(`/api/webhooks/endpoints?charity_id=${charityId}`, body)).status).toBe(404);
    const pledgeEvents = await treasurer.client.post(`/api/webhooks/endpoints?charity_id=${charityId}`, { ...body, event_types: ['pledge.created'] });
    expect(pledgeEvents.status, JSON.stringify(pledgeEvents.data)).toBe(400);
    expect(pledgeEvents.data.fields.event_types).toBe(INTEGRATION_MESSAGES.eventsNotForOwner);
    // As a host, the same person may not subscribe to a charity's donations.
    expect((await treasurer.client.post('/api/webhooks/endpoints', body)).status).toBe(400);

    const id = await charityEndpoint(treasurer, charityId, target);
    expect((await treasurer.client.get('/api/webhooks/endpoints')).data.data.endpoints).toEqual([]);
    expect((await treasurer.client.get(`/api/webhooks/endpoints?charity_id=${charityId}`)).data.data.endpoints.map((row: { id: string }) => row.id)).toEqual([
      id,
    ]);
    expect((await outsider.client.get(`/api/webhooks/endpoints?charity_id=${charityId}`)).status).toBe(404);
    expect((await outsider.client.delete(`/api/webhooks/endpoints/${id}`)).status).toBe(404);
    expect((await treasurer.client.delete(`/api/webhooks/endpoints/${id}`)).status).toBe(404);
    expect((await treasurer.client.delete(`/api/webhooks/endpoints/${id}?charity_id=${charityId}`)).status).toBe(200);
  });

  it('sends a donation and a monthly gift’s charge, with the donor’s e-mail only where that gift shares it', async () => {
    const charityId = await newCharity(server);
    const target = await receiver();
    await charityEndpoint(await representativeOf(charityId), charityId, target);

    const sharedEmail = uniqueEmail('sharer');
    for (const [email, share] of [
      [sharedEmail, true],
      [uniqueEmail('keeper'), false],
    ] as const) {
      const given = await new TestClient(server.url).post(`/api/charities/${charityId}/donations`, {
        fullName: share ? 'Sharon Sharer' : 'Kim Keeper',
        email,
        amount: 40,
        token: await cardToken(),
        share_email_with_charity: share,
      });
      expect(given.status, JSON.stringify(given.data)).toBe(201);
    }
    const monthly = await signUp(server.url, { name: 'Molly Monthly' });
    const started = await monthly.client.post(`/api/charities/${charityId}/monthly-gifts`, {
      amount: 25,
      tip: 0,
      payment_method_id: await saveCard(monthly.client),
      share_email_with_charity: true,
    });
    expect(started.status, JSON.stringify(started.data)).toBe(201);
    await deliver();

    const donations = ofType(target, 'donation.made').map((envelope) => envelope.data);
    expect(donations).toHaveLength(2);
    expect(donations).toContainEqual(
      expect.objectContaining({ object: 'donation', amount_cents: 4_000, donor: { name: 'Sharon Sharer', email: sharedEmail.toLowerCase() } }),
    );
    expect(donations).toContainEqual(expect.objectContaining({ donor: { name: 'Kim Keeper', email: null } }));
    const [charged] = ofType(target, 'monthly_gift.charged');
    expect(charged?.data).toMatchObject({
      object: 'monthly_gift_charge',
      monthly_gift_id: started.data.data.gift._id,
      amount_cents: 2_500,
      status: 'charged',
      donor: { name: 'Molly Monthly', email: monthly.email.toLowerCase() },
    });
    // Nothing the charity did not subscribe to, and each event once.
    expect(new Set(envelopes(target).map((envelope) => envelope.id)).size).toBe(target.received.length);
  });

  it('sends a recorded payout, and a dispute’s opening and close to the charity and to the campaign’s host', { timeout: 120_000 }, async () => {
    const charityId = await newCharity(server);
    const charityTarget = await receiver();
    const hostTarget = await receiver();
    await charityEndpoint(await representativeOf(charityId), charityId, charityTarget);
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    await benefit(server, event.id, charityId);
    const hostEndpoint = await creator.client.post('/api/webhooks/endpoints', { url: hostTarget.url, event_types: ['dispute.opened', 'dispute.closed'] });
    expect(hostEndpoint.status, JSON.stringify(hostEndpoint.data)).toBe(201);
    await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 10_000, card: CARDS.dispute });
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
    await server.app.ctx.jobs.drain();
    await deliver();

    for (const target of [charityTarget, hostTarget]) {
      expect(ofType(target, 'dispute.opened').map((envelope) => envelope.data)).toEqual([
        expect.objectContaining({ object: 'dispute', status: 'open', amount_cents: 10_000, campaign: { id: event.id, name: event.name } }),
      ]);
    }
    const disputeId = ofType(hostTarget, 'dispute.opened')[0]!.data.id as string;
    expect((await admin.post(`/api/admin/disputes/${disputeId}/sandbox-outcome`, { outcome: 'won' })).status).toBe(200);

    const payable = await accountBalance(server, 'charity_payable', { charityId });
    const paid = await admin.post('/api/admin/payouts', { charity_id: charityId, amount: payable / 100, reference: 'ACH-HOOK', paid_on: '2026-11-28' });
    expect(paid.status, JSON.stringify(paid.data)).toBe(201);
    await deliver();

    for (const target of [charityTarget, hostTarget]) {
      expect(ofType(target, 'dispute.closed').map((envelope) => envelope.data)).toEqual([expect.objectContaining({ id: disputeId, status: 'won' })]);
    }
    expect(ofType(hostTarget, 'payout.made')).toEqual([]);
    expect(ofType(charityTarget, 'payout.made').map((envelope) => envelope.data)).toEqual([
      expect.objectContaining({
        object: 'payout',
        amount_cents: payable,
        reference: 'ACH-HOOK',
        paid_on: '2026-11-28',
        charity: expect.objectContaining({ id: charityId }),
      }),
    ]);
  });

  it('sends each Connect transfer once it is made, and its reversal after a dispute', { timeout: 180_000 }, async () => {
    const charityId = await newCharity(server);
    await onboard(admin, charityId);
    const target = await receiver();
    await charityEndpoint(await representativeOf(charityId), charityId, target);
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    await benefit(server, event.id, charityId);
    const pledgeId = (await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 10_000 })).pledge.id;
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
    await server.app.ctx.jobs.drain();
    // The failed-charge window closes, then the transfers run.
    clock.advance(8 * 86_400_000);
    await server.app.ctx.jobs.runScheduled(FAILED_PLEDGES_QUEUE);
    await server.app.ctx.jobs.drain();
    expect((await admin.post('/api/admin/charity-transfers/run')).status).toBe(200);
    await deliver();

    const made = await server.app.ctx.db
      .select()
      .from(charityTransfers)
      .where(and(eq(charityTransfers.charityId, charityId), eq(charityTransfers.status, 'made'), eq(charityTransfers.kind, 'transfer')));
    // The pledge's charge and the creator's funding.
    expect(made.length).toBeGreaterThan(0);
    const transfers = ofType(target, 'transfer.made').map((envelope) => envelope.data);
    expect(transfers.map((data) => data.id).sort()).toEqual(made.map((row) => row.id).sort());
    expect(transfers.every((data) => data.object === 'transfer' && String(data.provider_ref).length > 0)).toBe(true);
    expect(transfers.some((data) => (data.campaign as { id: string } | null)?.id === event.id)).toBe(true);
    // Running again makes no transfer and records no event.
    await admin.post('/api/admin/charity-transfers/run');
    await deliver();
    expect(ofType(target, 'transfer.made')).toHaveLength(transfers.length);

    // The bank disputes the pledge: the charity's share is taken back from its account, and the
    // charity hears of it as a reversal of that transfer, once.
    expect((await admin.post(`/api/admin/pledges/${pledgeId}/sandbox-dispute`, {})).status).toBe(200);
    await server.app.ctx.jobs.drain();
    await deliver();
    const [reversal] = await server.app.ctx.db
      .select()
      .from(charityTransfers)
      .where(and(eq(charityTransfers.charityId, charityId), eq(charityTransfers.kind, 'reversal')));
    expect(reversal).toMatchObject({ status: 'made' });
    const reversed = ofType(target, 'transfer.reversed').map((envelope) => envelope.data);
    expect(reversed).toEqual([
      expect.objectContaining({
        object: 'transfer',
        kind: 'reversal',
        id: reversal!.id,
        reverses_id: made.find((row) => row.pledgeId === pledgeId)!.id,
        dispute_id: reversal!.disputeId,
        pledge_id: pledgeId,
        amount_cents: reversal!.amountCents,
      }),
    ]);
    expect(ofType(target, 'transfer.made')).toHaveLength(transfers.length);
    await admin.post('/api/admin/charity-transfers/run');
    await deliver();
    expect(ofType(target, 'transfer.reversed')).toHaveLength(1);
  });
});
