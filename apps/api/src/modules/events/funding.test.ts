import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EVENT_MESSAGES } from '@pledgeway/domain';
import { pledges } from '../../db/schema.ts';
import { signUp } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { accountBalance, addCard, CARDS, expectBooksBalanced } from '../charging/test-helpers.ts';
import { createCampaign } from '../my-events/test-factories.ts';
import { FUNDING_MESSAGES } from './funding.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const fundingRows = (eventId: string) => server.app.ctx.db.select().from(pledges).where(eq(pledges.eventId, eventId));

describe("POST /api/events/payment: the creator's funding", () => {
  it('charges the saved card into the campaign escrow, once per campaign', async () => {
    const creator = await signUp(server.url);
    const event = await createCampaign(server.app, creator.user._id, { status: 'pending' });
    const card = await addCard(creator.client);
    const [first, second] = await Promise.all([
      creator.client.post('/api/events/payment', { event_id: event.id, amount: 250, payment_method_id: card }),
      creator.client.post('/api/events/payment', { event_id: event.id, amount: 250, payment_method_id: card }),
    ]);
    expect(first.status, JSON.stringify(first.data)).toBe(200);
    expect(second.status, JSON.stringify(second.data)).toBe(200);
    expect(first.data.message).toBe(FUNDING_MESSAGES.initiated);
    const rows = await fundingRows(event.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'charged', chargedCents: 25_000, cardFeeCents: 755, platformFeeCents: 1_250 });
    expect(await server.app.ctx.database.query('select id from sandbox_charges where id = $1', [rows[0]!.providerChargeRef])).toHaveLength(1);
    expect(await accountBalance(server, 'event_escrow', { eventId: event.id })).toBe(25_000 - 755);
    await expectBooksBalanced(server);
  });

  it("answers a decline with 402 and the provider's message, and counts nothing; another card then pays", async () => {
    const creator = await signUp(server.url);
    const event = await createCampaign(server.app, creator.user._id, { status: 'pending' });
    const declined = await addCard(creator.client, CARDS.declined);
    const response = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 100, payment_method_id: declined });
    expect(response.status).toBe(402);
    expect(response.data.message).toBe('Your card has insufficient funds.');
    expect((await creator.client.get(`/api/events/show/${event.id}`)).data.payment_amount).toBe(0);
    expect(await accountBalance(server, 'donor_card', { eventId: event.id })).toBe(0);

    const good = await addCard(creator.client);
    const paid = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 100, payment_method_id: good });
    expect(paid.status, JSON.stringify(paid.data)).toBe(200);
    expect((await creator.client.get(`/api/events/show/${event.id}`)).data.payment_amount).toBe(100);
    await expectBooksBalanced(server);
  });

  it('refuses a payment method id that is not a UUID with 400, and funding after approval with 409', async () => {
    const creator = await signUp(server.url);
    const event = await createCampaign(server.app, creator.user._id, { status: 'pending' });
    const bad = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 100, payment_method_id: 'card-1' });
    expect(bad.status).toBe(400);
    expect(bad.data.message).toBe(EVENT_MESSAGES.paymentMethodRequired);
    const live = await createCampaign(server.app, creator.user._id, { status: 'approved' });
    const late = await creator.client.post('/api/events/payment', { event_id: live.id, amount: 100, test_mode: true });
    expect(late.status).toBe(409);
    expect(await fundingRows(live.id)).toEqual([]);
  });
});

describe('test mode with Stripe configured', () => {
  it('is refused with 409 and a clear message', async () => {
    const stripeServer = await startTestServer({ stripeSecretKey: 'sk_test_standin', stripePublishableKey: 'pk_test_standin' });
    try {
      const creator = await signUp(stripeServer.url);
      const event = await createCampaign(stripeServer.app, creator.user._id, { status: 'pending' });
      const response = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 100, test_mode: true });
      expect(response.status).toBe(409);
      expect(response.data.message).toBe(FUNDING_MESSAGES.testModeUnavailable);
    } finally {
      await stripeServer.close();
    }
  });
});
