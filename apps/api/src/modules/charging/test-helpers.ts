import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { quotePledge } from '@pledgeway/domain';
import { events, outboxEmails, participants, pledges } from '../../db/schema.ts';
import { signUp, TestClient } from '../../test/client.ts';
import type { TestServer } from '../../test/harness.ts';
import type { StripeStandIn } from '../../test/stripe-stand-in.ts';
import { firstCharityId, makeAdmin } from '../../test/factories.ts';
import { verifyLedger } from '../ledger/verify.ts';
import { createCampaign } from '../my-events/test-factories.ts';

/** Helpers of the money tests: admins, saved sandbox cards, funded live campaigns, pledges, the books' check. */
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

export const CARDS = {
  visa: '4242 4242 4242 4242',
  // Saved without complaint, declined when charged (4000 0000 0000 0002 is refused already when saved).
  declined: '4000 0000 0000 9995',
  insufficientFunds: '4000 0000 0000 9995',
  authenticationRequired: '4000 0027 6000 3184',
  // Charged, then disputed by the cardholder's bank (Stripe's 0259).
  dispute: '4000 0000 0000 0259',
} as const;

export async function adminClient(server: TestServer): Promise<TestClient> {
  const signed = await signUp(server.url, { name: 'Ada Admin' });
  await makeAdmin(server, signed.user._id);
  const admin = new TestClient(server.url);
  admin.accessToken = (await admin.post('/api/site/login', { email: signed.email, password: signed.password })).data.user.accessToken;
  return admin;
}

/** Saves a sandbox card through the API, as the browser does; returns its payment method id. */
export async function addCard(client: TestClient, number: string = CARDS.visa): Promise<string> {
  const tokenized = await client.post('/api/sandbox/cards', { holder_name: 'Card Holder', number, expiry: `09/${nextYear}`, cvv: '123' });
  expect(tokenized.status, JSON.stringify(tokenized.data)).toBe(201);
  const saved = await client.post('/api/payment-methods', { token: tokenized.data.token });
  expect(saved.status, JSON.stringify(saved.data)).toBe(201);
  return saved.data.data.id as string;
}

export type Person = Awaited<ReturnType<typeof signUp>>;

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
  const cardId = await addCard(creator.client);
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
  const cardId = await addCard(supporter.client, options.card ?? CARDS.visa);
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

export async function pledgeRow(server: TestServer, pledgeId: string) {
  const [row] = await server.app.ctx.db.select().from(pledges).where(eq(pledges.id, pledgeId));
  return row!;
}

export async function mailsTo(server: TestServer, email: string) {
  return server.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, email.toLowerCase()));
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
