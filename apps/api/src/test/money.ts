import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { quotePledge, type SandboxWalletOutcome } from '@pledgeway/domain';
import { events, participants, pledges } from '../db/schema.ts';
import { verifyLedger } from '../modules/ledger/verify.ts';
import { signUp, type TestClient } from './client.ts';
import { createCampaign, firstCharityId, pledgeRow, type Person } from './factories.ts';
import type { TestServer } from './harness.ts';
import type { StripeStandIn } from './stripe-stand-in.ts';

// The test kit's money: saved sandbox cards and wallets, funded and live campaigns, pledges, and
// the check that the books balance.

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

/**
 * Stripe's test card numbers (https://docs.stripe.com/testing), which the sandbox provider and the
 * Stripe stand-in both decide by (providers/payments/sandbox-test-cards.ts).
 */
export const CARDS = {
  visa: '4242 4242 4242 4242',
  mastercard: '5555 5555 5555 4444',
  // Refused already when saved, as a SetupIntent is: card_declined.
  declinedOnSave: '4000 0000 0000 0002',
  // Saved without complaint, then every charge declines: card_declined.
  declined: '4000 0000 0000 0341',
  // Saved without complaint, then every charge declines: insufficient_funds.
  insufficientFunds: '4000 0000 0000 9995',
  // Saved (the card form's authentication passes), then every off-session charge needs it again.
  authenticationRequired: '4000 0027 6000 3184',
  // Charged, then disputed by the cardholder's bank.
  dispute: '4000 0000 0000 0259',
} as const;

/** Saves a sandbox card through the API as the browser does (the card form, then the save); returns its payment method id. */
export async function saveCard(client: TestClient, number: string = CARDS.visa, holder = 'Card Holder'): Promise<string> {
  const tokenized = await client.post('/api/sandbox/cards', { holder_name: holder, number, expiry: `09/${nextYear}`, cvv: '123' });
  expect(tokenized.status, JSON.stringify(tokenized.data)).toBe(201);
  const saved = await client.post('/api/payment-methods', { token: tokenized.data.token });
  expect(saved.status, JSON.stringify(saved.data)).toBe(201);
  return saved.data.data.id as string;
}

/**
 * Saves the sandbox wallet's card or the sandbox cash app through the API, as the browser does
 * (decision 151): the sandbox approves it with the chosen outcome, the app saves the token.
 * Returns the saved payment method.
 */
export async function saveSandboxWallet(client: TestClient, kind: 'wallet' | 'cashapp', outcome: SandboxWalletOutcome = 'succeed', cashtag = '$pledger') {
  const approved = await client.post('/api/sandbox/wallets', { kind, outcome, ...(kind === 'cashapp' ? { cashtag } : {}) });
  expect(approved.status, JSON.stringify(approved.data)).toBe(201);
  const saved = await client.post('/api/payment-methods', { token: approved.data.token });
  expect(saved.status, JSON.stringify(saved.data)).toBe(201);
  return saved.data.data as { id: string; kind: string; label: string; is_default: boolean };
}

/** A signed-in supporter with a saved card. */
export async function supporterWithCard(server: TestServer, name = 'Sam Supporter') {
  const signed = await signUp(server.url, { name });
  return { ...signed, cardId: await saveCard(signed.client) };
}

/** A pending campaign of `creator`, funded through POST /api/events/payment (a real sandbox charge). */
export async function fundedCampaign(
  server: TestServer,
  creator: Person,
  options: {
    targetCents?: number;
    fundingModel?: 'all_or_nothing' | 'all_donations';
    fundingDollars?: number;
    /** Other columns of the campaign: its kind, duration, start date. */
    values?: Parameters<typeof createCampaign>[2];
  } = {},
) {
  const event = await createCampaign(server.app, creator.user._id, {
    ...options.values,
    status: 'pending',
    charityId: await firstCharityId(server),
    targetCents: options.targetCents ?? 100_000,
    fundingModel: options.fundingModel ?? 'all_donations',
  });
  const cardId = await saveCard(creator.client);
  const paid = await creator.client.post('/api/events/payment', { event_id: event.id, amount: options.fundingDollars ?? 100, payment_method_id: cardId });
  expect(paid.status, JSON.stringify(paid.data)).toBe(200);
  return event;
}

/**
 * A pending campaign funded on a Stripe card (the stand-in's), saved through a SetupIntent as the
 * card form does; returns its funding pledge, charged: a PaymentIntent at the stand-in.
 */
export async function fundedOnStripe(server: TestServer, standIn: StripeStandIn, dollars: number) {
  const creator = await signUp(server.url);
  const setup = await creator.client.post('/api/payment-methods/setup-intent');
  standIn.confirmSetupIntent(setup.data.setup_intent_id, '4242424242424242');
  const card = await creator.client.post('/api/payment-methods', { token: setup.data.setup_intent_id });
  expect(card.status, JSON.stringify(card.data)).toBe(201);
  const event = await createCampaign(server.app, creator.user._id, { status: 'pending', charityId: await firstCharityId(server) });
  const paid = await creator.client.post('/api/events/payment', { event_id: event.id, amount: dollars, payment_method_id: card.data.data.id });
  expect(paid.status, JSON.stringify(paid.data)).toBe(200);
  const [row] = await server.app.ctx.database.query<{ id: string }>('select id from pledges where event_id = $1 and is_creator_pledge', [event.id]);
  return pledgeRow(server, row!.id);
}

/** A funded campaign approved by an admin: live, taking pledges. */
export async function liveCampaign(server: TestServer, creator: Person, admin: TestClient, options: Parameters<typeof fundedCampaign>[2] = {}) {
  const event = await fundedCampaign(server, creator, options);
  const approved = await admin.post(`/api/admin/events/${event.id}/approve`);
  expect(approved.status, JSON.stringify(approved.data)).toBe(200);
  return event;
}

/** A supporter's pending pledge with its card saved, priced by the shared fee arithmetic. */
export async function pledgeFrom(
  server: TestServer,
  supporter: Person,
  eventId: string,
  options: { amountCents: number; tipPercent?: number; coverFees?: boolean; card?: string },
) {
  const cardId = await saveCard(supporter.client, options.card ?? CARDS.visa);
  const quote = quotePledge({ amountCents: options.amountCents, tipPercent: options.tipPercent ?? 0, coverFees: options.coverFees ?? false, isCreator: false });
  const [row] = await server.app.ctx.db
    .insert(pledges)
    .values({
      eventId,
      userId: supporter.user._id,
      paymentMethodId: cardId,
      amountCents: quote.amountCents,
      tipCents: quote.tipCents,
      coverFees: options.coverFees ?? false,
      coverCents: quote.coverCents,
      platformFeeCents: quote.platformFeeCents,
      idempotencyKey: `pledge:${crypto.randomUUID()}`,
    })
    .returning();
  return { pledge: row!, quote, cardId };
}

/** The books balance and match the sandbox's records: run at the end of every money scenario. */
export async function expectBooksBalanced(server: TestServer) {
  const report = await verifyLedger(server.app.ctx.database.query, server.app.ctx.payments);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
  return report;
}

/** Sums a ledger account, optionally for one campaign or one charity. */
export async function accountBalance(server: TestServer, account: string, where: { eventId?: string; charityId?: string } = {}) {
  const params: unknown[] = [account];
  let filter = '';
  if (where.eventId) {
    params.push(where.eventId);
    filter += ` and event_id = $${params.length}`;
  }
  if (where.charityId) {
    params.push(where.charityId);
    filter += ` and charity_id = $${params.length}`;
  }
  const [row] = await server.app.ctx.database.query<{ total: string }>(
    `select coalesce(sum(amount_cents), 0) as total from ledger_entries where account = $1${filter}`,
    params,
  );
  return Number(row!.total);
}

/** A live, funded runoff with named options (the runoff and matching tests). */
export interface RunoffSetup {
  winBy: 'donor_total' | 'donation_total';
  fixedAmountCents?: number;
  /** Declared before pledging: the lowest placement that may be charged (null = any). */
  chargeablePlaces?: number | null;
  options: string[];
}

export async function liveRunoff(server: TestServer, admin: TestClient, setup: RunoffSetup) {
  const creator = await signUp(server.url, { name: 'Rory Runoff' });
  const event = await fundedCampaign(server, creator, { targetCents: 10_000 });
  await server.app.ctx.db
    .update(events)
    .set({
      kind: 'runoff',
      runoffWinBy: setup.winBy,
      runoffFixedAmountCents: setup.fixedAmountCents ?? null,
      runoffChargeablePlaces: setup.chargeablePlaces ?? null,
      eventTime: '18:00',
      eventLocation: 'Town Hall, Main Street',
    })
    .where(eq(events.id, event.id));
  const rows = await server.app.ctx.db
    .insert(participants)
    .values(setup.options.map((fullName, position) => ({ eventId: event.id, fullName, position })))
    .returning();
  const approved = await admin.post(`/api/admin/events/${event.id}/approve`);
  expect(approved.status, JSON.stringify(approved.data)).toBe(200);
  const optionId = Object.fromEntries(rows.map((row) => [row.fullName, row.id])) as Record<string, string>;
  return { creator, event, optionId };
}

/** Starts a charity's Connect onboarding as `client`, fills the sandbox's form, and reads the state back. */
export async function onboard(client: TestClient, charityId: string, options: { leaveRequirementDue?: boolean } = {}) {
  const started = await client.post(`/api/charities/${charityId}/connect/onboarding`);
  expect(started.status, JSON.stringify(started.data)).toBe(200);
  const ref = String(started.data.data.account.account_ref);
  const form = await client.post(`/api/sandbox/connect/accounts/${ref}/onboarding`, {
    bank_account_number: '000123456789',
    leave_requirement_due: options.leaveRequirementDue ?? false,
  });
  expect(form.status, JSON.stringify(form.data)).toBe(200);
  const refreshed = await client.post(`/api/charities/${charityId}/connect/refresh`);
  expect(refreshed.status, JSON.stringify(refreshed.data)).toBe(200);
  return { ref, url: String(started.data.data.url), account: refreshed.data.data.account };
}
