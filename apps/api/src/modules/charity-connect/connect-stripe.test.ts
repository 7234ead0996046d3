// @module-tag concurrency
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signUp, type TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createStripeStandIn, signedStripeEvent } from '../../test/stripe-stand-in.ts';
import { verifyLedger } from '../ledger/verify.ts';
import { outboxEmails } from '../../db/schema.ts';
import { charityConnectAccounts, charityTransfers } from './tables.ts';
import { accountBalance, expectBooksBalanced } from '../../test/money.ts';
import { adminClient, createCampaign, newCharity, type Person, pledgeRow } from '../../test/factories.ts';

/**
 * The whole way with the Stripe provider against the stand-in (decision 130): an Express account
 * onboarded through its Account Link (a requirement left due, then given), a campaign charged, one
 * transfer per charge with its `source_transaction`, a dispute after the transfer through the
 * signed webhook reversing the charity's share, and the books reconciled with `/v1/transfers`
 * and their reversals after each step.
 */
const SECRET = 'whsec_connect_stripe';
const standIn = createStripeStandIn({ cardFeeCents: 378 });
let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer({
    stripeSecretKey: 'sk_test_stand_in',
    stripePublishableKey: 'pk_test_stand_in',
    stripeWebhookSecret: SECRET,
    stripeApiBase: await standIn.start(),
  });
  standIn.sendEventsTo(`${server.url}/api/payments/webhook`, SECRET);
  admin = await adminClient(server);
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

async function stripeCard(person: Person): Promise<string> {
  const setup = await person.client.post('/api/payment-methods/setup-intent');
  standIn.confirmSetupIntent(setup.data.setup_intent_id, '4242424242424242');
  const card = await person.client.post('/api/payment-methods', { token: setup.data.setup_intent_id });
  expect(card.status, JSON.stringify(card.data)).toBe(201);
  return String(card.data.data.id);
}

async function webhook(type: string, object: Record<string, unknown>) {
  const call = signedStripeEvent(SECRET, type, object);
  const response = await fetch(`${server.url}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': call.signature },
    body: call.body,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('charities on Connect with Stripe', () => {
  it("keeps the account's state by Stripe's signed account.updated webhook, telling a new requirement once", { timeout: 60_000 }, async () => {
    const charityId = await newCharity(server);
    const started = await admin.post(`/api/charities/${charityId}/connect/onboarding`);
    const accountRef = String(started.data.data.account.account_ref);
    const stored = async () => (await server.app.ctx.db.select().from(charityConnectAccounts).where(eq(charityConnectAccounts.charityId, charityId)))[0]!;
    const told = async () =>
      (await server.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'connect-requirements'))).filter((mail) =>
        mail.text.includes(`charity=${charityId}`),
      );

    // A forged call changes nothing.
    const before = await stored();
    standIn.completeOnboarding(accountRef, { leaveDue: ['company.tax_id'] });
    expect(await standIn.sendAccountUpdated(accountRef, { secret: 'whsec_someone_else' })).toBe(400);
    expect(await stored()).toMatchObject({ detailsSubmitted: false, payoutsEnabled: false, requirementsDue: before.requirementsDue });

    // No refresh: the webhook alone brings the state, and the admins (nobody represents it yet) are told once, however often it comes.
    expect(await standIn.sendAccountUpdated(accountRef, { id: 'evt_account_due' })).toBe(200);
    expect(await standIn.sendAccountUpdated(accountRef, { id: 'evt_account_due' })).toBe(200);
    expect(await standIn.sendAccountUpdated(accountRef)).toBe(200);
    expect(await stored()).toMatchObject({ detailsSubmitted: true, payoutsEnabled: false, requirementsDue: ['company.tax_id'] });
    expect((await told()).filter((mail) => mail.text.includes('company.tax_id')).length).toBeGreaterThan(0);
    const toldOnce = (await told()).length;

    standIn.completeOnboarding(accountRef);
    expect(await standIn.sendAccountUpdated(accountRef)).toBe(200);
    expect(await stored()).toMatchObject({ detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [] });
    expect(await told()).toHaveLength(toldOnce);
    const overview = (await admin.get('/api/admin/charity-connect')).data.data.charities.find((row: { charity_id: string }) => row.charity_id === charityId);
    expect(overview.account).toMatchObject({ account_ref: accountRef, payouts_enabled: true, requirements_due: [] });

    // An account that is not one of ours is recorded and otherwise ignored.
    const stranger = await fetch(`${server.config.stripeApiBase}/v1/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer sk_test_stand_in' },
      body: new URLSearchParams({ type: 'express' }).toString(),
    });
    expect(await standIn.sendAccountUpdated(String(((await stranger.json()) as { id: string }).id))).toBe(200);
  });

  it(
    'onboards, transfers each charge with its source_transaction, reverses a disputed share and transfers it again when won',
    { timeout: 180_000 },
    async () => {
      const charityId = await newCharity(server);
      const started = await admin.post(`/api/charities/${charityId}/connect/onboarding`);
      expect(started.status, JSON.stringify(started.data)).toBe(200);
      const accountRef = String(started.data.data.account.account_ref);
      expect(String(started.data.data.url)).toMatch(/^https:\/\/connect\.stripe\.example\//);
      expect(standIn.callsTo('POST', '/v1/accounts')[0]!.form.get('type')).toBe('express');

      standIn.completeOnboarding(accountRef, { leaveDue: ['individual.verification.document'] });
      const due = await admin.post(`/api/charities/${charityId}/connect/refresh`);
      expect(due.data.data.account).toMatchObject({ payouts_enabled: false, requirements_due: ['individual.verification.document'] });
      standIn.completeOnboarding(accountRef);
      expect((await admin.post(`/api/charities/${charityId}/connect/refresh`)).data.data.account).toMatchObject({
        payouts_enabled: true,
        requirements_due: [],
      });

      const creator = await signUp(server.url);
      const event = await createCampaign(server.app, creator.user._id, { status: 'pending', charityId });
      const funded = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 100, payment_method_id: await stripeCard(creator) });
      expect(funded.status, JSON.stringify(funded.data)).toBe(200);
      expect((await admin.post(`/api/admin/events/${event.id}/approve`)).status).toBe(200);
      const supporter = await signUp(server.url);
      const pledged = await supporter.client.post(`/api/events/${event.id}/pledges`, {
        amount: 100,
        tip_percent: 20,
        cover_fees: false,
        payment_method_id: await stripeCard(supporter),
      });
      expect(pledged.status, JSON.stringify(pledged.data)).toBe(201);
      expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
      expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
      await server.app.ctx.jobs.drain();
      const [pledgeId] = await server.app.ctx.database.query<{ id: string }>('select id from pledges where event_id = $1 and not is_creator_pledge', [
        event.id,
      ]);
      const pledge = await pledgeRow(server, pledgeId!.id);
      expect(pledge.status).toBe('charged');

      const ran = await admin.post('/api/admin/charity-transfers/run');
      expect(ran.data.data, JSON.stringify(ran.data)).toMatchObject({ created: 2, made: 2 });
      const transfers = standIn.objectsOf('transfer');
      expect(transfers).toHaveLength(2);
      const intent = standIn.object(pledge.providerChargeRef!)!;
      // $120.00 charged, card fee $3.78, 3% $3.00, tip $20.00: $93.22 to the charity, from that charge.
      expect(transfers.find((transfer) => transfer.source_transaction === intent.latest_charge)).toMatchObject({
        amount: 9_322,
        destination: accountRef,
        transfer_group: `campaign:${event.id}`,
      });
      expect(standIn.callsTo('POST', '/v1/transfers').every((call) => call.idempotencyKey?.startsWith('transfer:'))).toBe(true);
      await expectBooksBalanced(server);

      const dispute = standIn.dispute(pledge.providerChargeRef!);
      await webhook('charge.dispute.created', { ...dispute, balance_transactions: [{ amount: -12_000, fee: 1_500 }] });
      await server.app.ctx.jobs.drain();
      const reversals = standIn.objectsOf('transfer_reversal');
      expect(reversals).toMatchObject([{ amount: 9_322 }]);
      expect(await accountBalance(server, 'charity_payable', { charityId })).toBe(0);
      await expectBooksBalanced(server);

      Object.assign(dispute, { status: 'won' });
      await webhook('charge.dispute.closed', {
        ...dispute,
        balance_transactions: [
          { amount: -12_000, fee: 1_500 },
          { amount: 12_000, fee: -1_500 },
        ],
      });
      await server.app.ctx.jobs.drain();
      await admin.post('/api/admin/charity-transfers/run');
      expect(standIn.objectsOf('transfer')).toHaveLength(3);
      const rows = await server.app.ctx.db.select().from(charityTransfers).where(eq(charityTransfers.charityId, charityId));
      expect(rows.every((row) => row.status === 'made')).toBe(true);
      expect(await accountBalance(server, 'charity_paid', { charityId })).toBe(9_322 + 9_122);
      await expectBooksBalanced(server);

      // A transfer made at Stripe that the books never posted is reported.
      const planted = await standInTransfer(accountRef, String(intent.latest_charge));
      const report = await verifyLedger(server.app.ctx.database.query, server.app.ctx.payments);
      expect(report.problems).toContain(`the provider's transfer ${planted} of $10.00 has no posting in the ledger`);
    },
  );
});

/** A transfer someone made at Stripe outside the app (the dashboard, another integration). */
async function standInTransfer(destination: string, sourceCharge: string): Promise<string> {
  const response = await fetch(`${server.config.stripeApiBase}/v1/transfers`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer sk_test_stand_in' },
    body: new URLSearchParams({ amount: '1000', currency: 'usd', destination, source_transaction: sourceCharge }).toString(),
  });
  return String(((await response.json()) as { id: string }).id);
}
