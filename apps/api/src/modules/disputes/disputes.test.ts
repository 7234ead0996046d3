import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DISPUTE_MESSAGES } from '@pledgeway/domain';
import { charities, ledgerEntries, ledgerTransactions, outboxEmails } from '../../db/schema.ts';
import { isSandbox } from '../../providers/payments/index.ts';
import { disputeFacts } from '../../providers/payments/stripe-events.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createPaymentEventsService, deliverSandboxEvents } from '../payment-events/service.ts';
import type { LedgerKind } from '../ledger/kinds.ts';
import { verifyLedger } from '../ledger/verify.ts';
import { sandboxCharges, sandboxDisputes } from '../../providers/payments/tables.ts';
import { disputes } from './tables.ts';
import { accountBalance, expectBooksBalanced, liveCampaign, pledgeFrom } from '../../test/money.ts';
import { adminClient, firstCharityId, mailsTo, type Person, pledgeRow } from '../../test/factories.ts';

/**
 * Disputes end to end on the sandbox (decision 093): a pledge charged on Stripe's dispute test card
 * 4000 0000 0000 0259 is disputed by the sandbox, whose event reaches the app by the webhook's path;
 * the books, the pledge, the e-mails, the admin console and the charity's payable follow it.
 */
const DISPUTE_CARD = '4000 0000 0000 0259';
let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
});
afterAll(async () => server.close());

/** A live campaign with a $100 + 20% tip pledge on `card` and a $200 pledge on a good card, charged. */
async function chargedCampaign(card: string) {
  const creator = await signUp(server.url);
  const event = await liveCampaign(server, creator, admin);
  const disputed = await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 10_000, tipPercent: 20, card });
  await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 20_000 });
  expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
  expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
  await server.app.ctx.jobs.drain();
  return { creator, event, pledgeId: disputed.pledge.id, charityId: event.charityId! };
}

async function entriesOf(kind: LedgerKind, pledgeId: string) {
  const rows = await server.app.ctx.db
    .select({ account: ledgerEntries.account, cents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerTransactions.kind, kind), eq(ledgerTransactions.pledgeId, pledgeId)));
  return Object.fromEntries(rows.map((row) => [row.account, Number(row.cents)]));
}

/** The provider's own record of a dispute delivered by hand below, as the sandbox keeps it: the reconciliation compares the books with it. */
async function atProvider(id: string, chargeRef: string, amountCents: number, status: 'needs_response' | 'won' | 'lost') {
  await server.app.ctx.db.insert(sandboxDisputes).values({ id, chargeId: chargeRef, amountCents, feeCents: 1_500, status });
}

const kindsOf = async (person: Person) => (await mailsTo(server, person.email)).map((mail) => mail.kind);
const adminMails = (kind: string) => server.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.kind, kind));
const listed = async (pledgeId: string) =>
  (await admin.get('/api/admin/disputes')).data.data.items.find((item: { pledge: { _id: string } }) => item.pledge._id === pledgeId);

describe('disputes', () => {
  it('opens the sandbox dispute of a 0259 charge once, also when the charge is replayed after a crash lost it, and holds back only its event', async () => {
    // A server of its own: the provider's charge planted here has no posting, which verification
    // (rightly) reports, so it must not share the books the other tests verify.
    const crashed = await startTestServer();
    try {
      await replaysLostDispute(crashed);
    } finally {
      await crashed.close();
    }
  });

  async function replaysLostDispute(server: TestServer) {
    const payments = server.app.ctx.payments;
    if (!isSandbox(payments)) throw new Error('the sandbox is the provider here');
    const customer = await payments.createCustomer({ email: 'crash@example.com', name: 'Crash Test' });
    const { token } = await payments.tokenizeCard({ holder_name: 'Crash Test', number: DISPUTE_CARD, expiry: '09/40', cvv: '123' });
    const card = await payments.attachCard({ customerRef: customer.ref, token });
    // The charge committed at the provider, then the process stopped before its dispute was written.
    const [charge] = await server.app.ctx.db
      .insert(sandboxCharges)
      .values({
        id: `ch_sbx_crash_${card.ref}`,
        idempotencyKey: `crash:${card.ref}`,
        customerId: customer.ref,
        cardId: card.ref,
        amountCents: 5_000,
        feeCents: 175,
        status: 'succeeded',
        willDispute: true,
      })
      .returning();
    const replayed = await payments.charge({ customerRef: customer.ref, methodRef: card.ref, amountCents: 5_000, idempotencyKey: `crash:${card.ref}` });
    expect(replayed).toMatchObject({ ok: true, ref: charge!.id });
    await payments.charge({ customerRef: customer.ref, methodRef: card.ref, amountCents: 5_000, idempotencyKey: `crash:${card.ref}` });
    expect(await server.app.ctx.db.select().from(sandboxDisputes).where(eq(sandboxDisputes.chargeId, charge!.id))).toMatchObject([
      { amountCents: 5_000, feeCents: 1_500 },
    ]);
    // No pledge has this charge: its event waits.
    expect(await deliverSandboxEvents(server.app.ctx)).toEqual({ delivered: 0, waiting: 1 });
  }

  it('books a dispute of the 0259 card on its own, shows the pledge disputed, tells creator and admin, and a won dispute reverses it', async () => {
    const { creator, event, pledgeId } = await chargedCampaign(DISPUTE_CARD);
    // $120.00 charged, card fee $3.78, 3% $3.00, net $93.22 (money.md's worked example).
    expect(await pledgeRow(server, pledgeId)).toMatchObject({ status: 'disputed', chargedCents: 12_000, cardFeeCents: 378 });
    expect(await entriesOf('dispute_opened', pledgeId)).toEqual({
      donor_card: 12_000,
      card_processing_fees: 1_500,
      charity_payable: -9_322,
      tips_revenue: -2_000,
      platform_fee_revenue: -2_178,
    });
    // Funding $91.80 + the $200 pledge's $187.90; the disputed $93.22 is held back, so a payout cannot take it.
    expect(await accountBalance(server, 'charity_payable', { eventId: event.id })).toBe(9_180 + 18_790);
    expect((await creator.client.get(`/api/events/show/${event.id}`)).data.payment_amount).toBe(300);
    expect(await kindsOf(creator)).toContain('dispute-opened');
    expect(await adminMails('dispute-opened-admin')).not.toHaveLength(0);

    const row = await listed(pledgeId);
    expect(row).toMatchObject({ status: 'open', amount: 120, fee: 15, charity_share: 93.22, platform_share: 41.78, campaign: { _id: event.id } });
    expect(row.provider_ref).toMatch(/^dp_sbx_/);
    expect((await creator.client.get('/api/admin/disputes')).status).toBe(403);
    expect((await new TestClient(server.url).get('/api/admin/disputes')).status).toBe(401);
    await expectBooksBalanced(server);

    const won = await admin.post(`/api/admin/disputes/${row._id}/sandbox-outcome`, { outcome: 'won' });
    expect(won.status, JSON.stringify(won.data)).toBe(200);
    expect(won.data).toMatchObject({ message: DISPUTE_MESSAGES.sandboxWon, data: { status: 'won' } });
    expect(await pledgeRow(server, pledgeId)).toMatchObject({ status: 'charged' });
    expect(await entriesOf('dispute_won', pledgeId)).toEqual({
      donor_card: -12_000,
      card_processing_fees: -1_500,
      charity_payable: 9_322,
      tips_revenue: 2_000,
      platform_fee_revenue: 2_178,
    });
    expect(await accountBalance(server, 'charity_payable', { eventId: event.id })).toBe(9_180 + 18_790 + 9_322);
    expect(await kindsOf(creator)).toContain('dispute-won');
    const again = await admin.post(`/api/admin/disputes/${row._id}/sandbox-outcome`, { outcome: 'lost' });
    expect(again.status).toBe(409);
    expect(again.data.message).toBe(DISPUTE_MESSAGES.alreadyClosed);
    await expectBooksBalanced(server);
  });

  it('keeps a lost dispute for good: the pledge stays out of every total and no money moves again', async () => {
    const { creator, event, pledgeId } = await chargedCampaign(DISPUTE_CARD);
    const row = await listed(pledgeId);
    const bad = await admin.post(`/api/admin/disputes/${row._id}/sandbox-outcome`, { outcome: 'maybe' });
    expect(bad.status).toBe(400);
    expect(await pledgeRow(server, pledgeId)).toMatchObject({ status: 'disputed' });
    const lost = await admin.post(`/api/admin/disputes/${row._id}/sandbox-outcome`, { outcome: 'lost' });
    expect(lost.status, JSON.stringify(lost.data)).toBe(200);
    expect(lost.data.data).toMatchObject({ status: 'lost', charity_share: 93.22 });
    expect(await pledgeRow(server, pledgeId)).toMatchObject({ status: 'dispute_lost' });
    expect(await entriesOf('dispute_won', pledgeId)).toEqual({});
    expect(await accountBalance(server, 'charity_payable', { eventId: event.id })).toBe(9_180 + 18_790);
    expect((await creator.client.get(`/api/events/show/${event.id}`)).data.payment_amount).toBe(300);
    expect(await kindsOf(creator)).toContain('dispute-lost');
    await expectBooksBalanced(server);
  });

  it('lets the platform bear a dispute of money already paid out, and books each dispute once however it is delivered', { tags: ['concurrency'] }, async () => {
    const { pledgeId, charityId } = await chargedCampaign('4242 4242 4242 4242');
    const payable = await accountBalance(server, 'charity_payable', { charityId });
    const paid = await admin.post('/api/admin/payouts', { charity_id: charityId, amount: payable / 100, reference: 'ACH-ALL', paid_on: '2026-11-25' });
    expect(paid.status, JSON.stringify(paid.data)).toBe(201);
    const pledge = await pledgeRow(server, pledgeId);
    const dispute = { id: `dp_after_payout_${pledgeId}`, amount: 12_000, charge: pledge.providerChargeRef, status: 'needs_response', reason: 'fraudulent' };
    const withdrawn = { ...dispute, balance_transactions: [{ amount: -12_000, fee: 1_500 }] };
    const events = createPaymentEventsService(server.app.ctx);
    const deliver = (id: string, type: 'charge.dispute.created' | 'charge.dispute.closed', object: object) =>
      events.receive({ id, type, occurredAt: new Date(), objectRef: dispute.id, facts: disputeFacts(type, object) });

    const first = await Promise.all([1, 2, 3].map(() => deliver(`evt_created_${pledgeId}`, 'charge.dispute.created', withdrawn)));
    expect(first.map((answer) => answer.dispute).sort()).toEqual(['duplicate', 'duplicate', 'opened']);
    expect(await deliver(`evt_other_${pledgeId}`, 'charge.dispute.created', withdrawn)).toMatchObject({ kind: 'recorded', dispute: 'duplicate' });
    expect(await entriesOf('dispute_opened', pledgeId)).toEqual({
      donor_card: 12_000,
      card_processing_fees: 1_500,
      tips_revenue: -2_000,
      platform_fee_revenue: -11_500,
    });
    expect(await accountBalance(server, 'charity_payable', { charityId })).toBe(0);

    const closed = { ...withdrawn, status: 'lost' };
    expect((await deliver(`evt_closed_${pledgeId}`, 'charge.dispute.closed', closed)).dispute).toBe('lost');
    expect((await deliver(`evt_closed_${pledgeId}`, 'charge.dispute.closed', closed)).kind).toBe('duplicate');
    expect(await server.app.ctx.db.select().from(disputes).where(eq(disputes.pledgeId, pledgeId))).toMatchObject([{ status: 'lost', charityShareCents: 0 }]);
    await atProvider(dispute.id, pledge.providerChargeRef!, 12_000, 'lost');
    await expectBooksBalanced(server);
  });

  it("finds a provider's dispute that is not in the books, and one booked with another outcome", async () => {
    const { pledgeId } = await chargedCampaign('4242 4242 4242 4242');
    const pledge = await pledgeRow(server, pledgeId);
    const check = () => verifyLedger(server.app.ctx.database.query, server.app.ctx.payments);
    const [unbooked] = await server.app.ctx.db
      .insert(sandboxDisputes)
      .values({ id: `dp_sbx_unbooked_${pledgeId}`, chargeId: pledge.providerChargeRef!, amountCents: 12_000, feeCents: 1_500, status: 'lost' })
      .returning();
    expect((await check()).problems).toContain(`the provider's dispute ${unbooked!.id} of $120.00 has no posting in the ledger`);
    const events = createPaymentEventsService(server.app.ctx);
    const object = {
      id: unbooked!.id,
      amount: 12_000,
      charge: pledge.providerChargeRef,
      status: 'needs_response',
      balance_transactions: [{ amount: -12_000, fee: 1_500 }],
    };
    await events.receive({
      id: `evt_unbooked_${pledgeId}`,
      type: 'charge.dispute.created',
      occurredAt: new Date(),
      objectRef: unbooked!.id,
      facts: disputeFacts('charge.dispute.created', object),
    });
    expect((await check()).problems).toEqual([`dispute ${unbooked!.id}: the provider says lost, the books open`]);
    await events.receive({
      id: `evt_unbooked_closed_${pledgeId}`,
      type: 'charge.dispute.closed',
      occurredAt: new Date(),
      objectRef: unbooked!.id,
      facts: disputeFacts('charge.dispute.closed', { ...object, status: 'lost' }),
    });
    await expectBooksBalanced(server);
  });

  it('books a dispute of a donation: the charity gives back its net while unpaid, the admins are told, and a won one reverses it', async () => {
    const payments = server.app.ctx.payments;
    if (!isSandbox(payments)) throw new Error('tests run with the sandbox provider');
    const token = (await payments.tokenizeCard({ holder_name: 'Dana Donor', number: DISPUTE_CARD, expiry: '09/40', cvv: '123' })).token;
    const charityId = await firstCharityId(server);
    const donated = await new TestClient(server.url).post(`/api/charities/${charityId}/donations`, {
      fullName: 'Dana Donor',
      email: `donor-${Date.now()}@example.com`,
      amount: 40,
      token,
    });
    expect(donated.status, JSON.stringify(donated.data)).toBe(201);
    const payableBefore = await accountBalance(server, 'charity_payable', { charityId });
    await deliverSandboxEvents(server.app.ctx);

    // $40.00 charged, card fee $1.46 (2.9% + $0.30): the charity's $38.54 comes back out of its payable, the platform bears $1.46 and the $15.00 fee.
    const [opened] = await server.app.ctx.db.select().from(disputes).where(eq(disputes.donationId, donated.data.data.donation._id));
    expect(opened).toMatchObject({
      pledgeId: null,
      eventId: null,
      status: 'open',
      amountCents: 4_000,
      feeCents: 1_500,
      charityShareCents: 3_854,
      platformShareCents: 1_646,
    });
    const entries = await server.app.ctx.db
      .select({ account: ledgerEntries.account, cents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, opened!.openedTransactionId));
    expect(Object.fromEntries(entries.map((row) => [row.account, Number(row.cents)]))).toEqual({
      donor_card: 4_000,
      card_processing_fees: 1_500,
      charity_payable: -3_854,
      platform_fee_revenue: -1_646,
    });
    expect(await accountBalance(server, 'charity_payable', { charityId })).toBe(payableBefore - 3_854);
    const [charity] = await server.app.ctx.db.select({ name: charities.name }).from(charities).where(eq(charities.id, charityId));
    expect((await adminMails('dispute-opened-admin')).map((mail) => mail.subject)).toContain(`Dispute opened: $40.00 on "Donation to ${charity!.name}"`);
    const row = (await admin.get('/api/admin/disputes')).data.data.items.find((item: { _id: string }) => item._id === opened!.id);
    expect(row).toMatchObject({
      pledge: null,
      campaign: null,
      donation: { amount: 40 },
      donor: { name: 'Dana Donor' },
      charity_share: 38.54,
      platform_share: 16.46,
    });
    await expectBooksBalanced(server);

    expect((await admin.post(`/api/admin/disputes/${opened!.id}/sandbox-outcome`, { outcome: 'won' })).status).toBe(200);
    await deliverSandboxEvents(server.app.ctx);
    expect(await server.app.ctx.db.select().from(disputes).where(eq(disputes.id, opened!.id))).toMatchObject([{ status: 'won' }]);
    expect(await accountBalance(server, 'charity_payable', { charityId })).toBe(payableBefore);
    await expectBooksBalanced(server);
  });

  it('books a donation’s dispute once when its event is delivered three times at once', { tags: ['concurrency'] }, async () => {
    const payments = server.app.ctx.payments;
    if (!isSandbox(payments)) throw new Error('tests run with the sandbox provider');
    const token = (await payments.tokenizeCard({ holder_name: 'Rae Racer', number: DISPUTE_CARD, expiry: '09/40', cvv: '123' })).token;
    const body = { fullName: 'Rae Racer', email: `racer-${Date.now()}@example.com`, amount: 25, token };
    expect((await new TestClient(server.url).post(`/api/charities/${await firstCharityId(server)}/donations`, body)).status).toBe(201);
    const [charge] = await server.app.ctx.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.idempotencyKey, `donation_${token}`));
    const [atBank] = await server.app.ctx.db.select().from(sandboxDisputes).where(eq(sandboxDisputes.chargeId, charge!.id));
    const object = { id: atBank!.id, amount: 2_500, charge: charge!.id, status: 'needs_response', balance_transactions: [{ amount: -2_500, fee: 1_500 }] };
    const events = createPaymentEventsService(server.app.ctx);
    const answers = await Promise.all(
      [1, 2, 3].map((attempt) =>
        events.receive({
          id: `evt_donation_race_${atBank!.id}_${attempt}`,
          type: 'charge.dispute.created',
          occurredAt: new Date(),
          objectRef: atBank!.id,
          facts: disputeFacts('charge.dispute.created', object),
        }),
      ),
    );
    expect(answers.map((answer) => answer.dispute).sort()).toEqual(['duplicate', 'duplicate', 'opened']);
    await deliverSandboxEvents(server.app.ctx);
    const booked = await server.app.ctx.database.query(
      "select count(*)::int as n from ledger_transactions where kind = 'dispute_opened' and provider_ref = $1",
      [atBank!.id],
    );
    expect(booked).toEqual([{ n: 1 }]);
    await expectBooksBalanced(server);
  });

  it('finds a dispute at the provider on a charge the books do not know', async () => {
    const check = async () => (await verifyLedger(server.app.ctx.database.query, server.app.ctx.payments)).problems;
    const strayCharge = `ch_sbx_stray_${Date.now()}`;
    await server.app.ctx.db
      .insert(sandboxCharges)
      .values({ id: strayCharge, idempotencyKey: strayCharge, customerId: 'cus_sbx_stray', cardId: 'card_sbx_stray', amountCents: 700, status: 'succeeded' });
    const [stray] = await server.app.ctx.db
      .insert(sandboxDisputes)
      .values({ id: `dp_sbx_stray_${Date.now()}`, chargeId: strayCharge, amountCents: 700, feeCents: 1_500, status: 'won' })
      .returning();
    expect(await check()).toEqual([
      `the provider's charge ${strayCharge} of $7.00 has no posting in the ledger`,
      `the provider's dispute ${stray!.id} of $7.00 has no posting in the ledger`,
      `the provider's dispute reversal ${stray!.id} of $7.00 has no posting in the ledger`,
    ]);
    // Gone again for the tests after this one, whose books must check clean.
    await server.app.ctx.db.delete(sandboxDisputes).where(eq(sandboxDisputes.id, stray!.id));
    await server.app.ctx.db.delete(sandboxCharges).where(eq(sandboxCharges.id, strayCharge));
  });

  it('books a closing that arrives before its opening, and moves no money for an inquiry', async () => {
    const { pledgeId } = await chargedCampaign('4242 4242 4242 4242');
    const pledge = await pledgeRow(server, pledgeId);
    const events = createPaymentEventsService(server.app.ctx);
    const inquiry = {
      id: `dp_inquiry_${pledgeId}`,
      amount: 12_000,
      charge: pledge.providerChargeRef,
      status: 'warning_needs_response',
      balance_transactions: [],
    };
    const answered = await events.receive({
      id: `evt_inquiry_${pledgeId}`,
      type: 'charge.dispute.created',
      occurredAt: new Date(),
      objectRef: inquiry.id,
      facts: disputeFacts('charge.dispute.created', inquiry),
    });
    expect(answered.dispute).toBe('ignored');
    expect(await pledgeRow(server, pledgeId)).toMatchObject({ status: 'charged' });

    const won = {
      id: `dp_early_${pledgeId}`,
      amount: 12_000,
      charge: pledge.providerChargeRef,
      status: 'won',
      balance_transactions: [
        { amount: -12_000, fee: 1_500 },
        { amount: 12_000, fee: -1_500 },
      ],
    };
    const early = await events.receive({
      id: `evt_early_${pledgeId}`,
      type: 'charge.dispute.closed',
      occurredAt: new Date(),
      objectRef: won.id,
      facts: disputeFacts('charge.dispute.closed', won),
    });
    expect(early.dispute).toBe('won');
    expect(await pledgeRow(server, pledgeId)).toMatchObject({ status: 'charged' });
    expect(await entriesOf('dispute_won', pledgeId)).toMatchObject({ donor_card: -12_000, charity_payable: 9_322 });
    expect(isSandbox(server.app.ctx.payments)).toBe(true);
    // The inquiry moved nothing at the provider; the won dispute withdrew and reinstated.
    await atProvider(won.id, pledge.providerChargeRef!, 12_000, 'won');
    await expectBooksBalanced(server);
  });
});
