// @module-tag concurrency
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { pledges } from '../../db/schema.ts';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { sandboxCharges } from '../../providers/payments/tables.ts';
import type { ChargeInput } from '../../providers/payments/index.ts';
import { signUp, type TestClient } from '../../test/client.ts';
import { startTestServer, testDriver, type TestServer } from '../../test/harness.ts';
import { ATTEMPT_LEASE_MS, ATTEMPT_MESSAGES } from './attempts.ts';
import { chargeAttemptKey, chargePledge } from './charge-pledge.ts';
import { FAILED_PLEDGE_MESSAGES } from './failed-window.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { CARDS, expectBooksBalanced, liveCampaign, pledgeFrom, saveCard } from '../../test/money.ts';
import { adminClient, type Person, pledgeRow } from '../../test/factories.ts';

/**
 * Decision 091: every charge attempt is claimed under the pledge's row lock before the provider is
 * called, so racing requests and workers make one provider call, and a claim left by a crash is
 * taken over with its own key. The races are real only on PostgreSQL (npm test runs both drivers).
 */
let server: TestServer;
let admin: TestClient;
let clock: TestClock;
/** Every charge the app asks of the provider, in order. */
const providerCharges: ChargeInput[] = [];

beforeAll(async () => {
  server = await startTestServer();
  clock = createTestClock();
  server.app.ctx.clock = clock;
  admin = await adminClient(server);
  const payments = server.app.ctx.payments;
  const charge = payments.charge.bind(payments);
  payments.charge = (input) => (providerCharges.push(input), charge(input));
});
afterAll(async () => server.close());

const chargesFor = (pledge: { idempotencyKey: string }) => providerCharges.filter((input) => input.idempotencyKey.startsWith(`${pledge.idempotencyKey}:`));
const sandboxChargesFor = (pledge: { idempotencyKey: string }) =>
  server.app.ctx.db
    .select()
    .from(sandboxCharges)
    .where(like(sandboxCharges.idempotencyKey, `${pledge.idempotencyKey}:%`));
const postings = (pledgeId: string) =>
  server.app.ctx.database.query("select id from ledger_transactions where pledge_id = $1 and kind = 'pledge_charge'", [pledgeId]);

/** A completed, charged campaign with one supporter whose charge was declined. */
async function failedPledge(): Promise<{ donor: Person; pledge: typeof pledges.$inferSelect }> {
  const creator = await signUp(server.url);
  const event = await liveCampaign(server, creator, admin);
  const donor = await signUp(server.url);
  const { pledge } = await pledgeFrom(server, donor, event.id, { amountCents: 2_000, tipPercent: 10, card: CARDS.insufficientFunds });
  expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
  expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
  await server.app.ctx.jobs.drain();
  const failed = await pledgeRow(server, pledge.id);
  expect(failed).toMatchObject({ status: 'failed', attemptStartedAt: null });
  return { donor, pledge: failed };
}

describe(`retrying a failed charge with a new card (${testDriver})`, () => {
  it('charges the card once when 50 retries arrive at once; the others get the first answer or 409', { timeout: 60_000 }, async () => {
    const { donor, pledge } = await failedPledge();
    const card = await saveCard(donor.client);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => donor.client.post(`/api/pledges/${pledge.id}/payment-method`, { payment_method_id: card })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    expect(statuses).toContain(200);
    for (const answer of answers) {
      if (answer.status === 200) expect(answer.data).toMatchObject({ message: FAILED_PLEDGE_MESSAGES.charged, data: { status: 'charged' } });
      else expect([FAILED_PLEDGE_MESSAGES.notFailed, ATTEMPT_MESSAGES.inProgress]).toContain(answer.data.message);
    }

    // The declined first attempt and exactly one retry reached the provider.
    expect(chargesFor(pledge).map((input) => input.idempotencyKey)).toEqual([chargeAttemptKey(pledge), `${pledge.idempotencyKey}:charge:1`]);
    expect((await sandboxChargesFor(pledge)).filter((row) => row.status === 'succeeded')).toHaveLength(1);
    expect(await pledgeRow(server, pledge.id)).toMatchObject({ status: 'charged', retryCount: 1, attemptStartedAt: null });
    expect(await postings(pledge.id)).toHaveLength(1);
    await expectBooksBalanced(server);
  });

  it('settles a retry whose request died after the provider charged, instead of charging again', async () => {
    const { donor, pledge } = await failedPledge();
    const card = await saveCard(donor.client);
    // The first retry claimed its attempt and charged the card; its process died before the record.
    const [method] = await server.app.ctx.database.query<{ customer: string; method: string; id: string }>(
      'select id, provider_customer_ref as customer, provider_method_ref as method from payment_methods where id = $1',
      [card],
    );
    await server.app.ctx.db.update(pledges).set({ paymentMethodId: method!.id, retryCount: 1, attemptStartedAt: clock.now() }).where(eq(pledges.id, pledge.id));
    const lost = await server.app.ctx.payments.charge({
      customerRef: method!.customer,
      methodRef: method!.method,
      amountCents: pledge.amountCents + pledge.tipCents + pledge.coverCents,
      idempotencyKey: `${pledge.idempotencyKey}:charge:1`,
    });

    // Within the lease the claim is live: the donor is asked to wait, nothing is charged.
    const early = await donor.client.post(`/api/pledges/${pledge.id}/payment-method`, { payment_method_id: card });
    expect(early.status).toBe(409);
    expect(early.data.message).toBe(ATTEMPT_MESSAGES.inProgress);

    clock.advance(ATTEMPT_LEASE_MS);
    const later = await donor.client.post(`/api/pledges/${pledge.id}/payment-method`, { payment_method_id: card });
    expect(later.status, JSON.stringify(later.data)).toBe(200);
    expect(later.data.data).toMatchObject({ status: 'charged' });
    expect(await pledgeRow(server, pledge.id)).toMatchObject({ status: 'charged', retryCount: 1, providerChargeRef: lost.ref, attemptStartedAt: null });
    expect((await sandboxChargesFor(pledge)).filter((row) => row.status === 'succeeded')).toHaveLength(1);
    expect(await postings(pledge.id)).toHaveLength(1);
    await expectBooksBalanced(server);
  });
});

describe(`charging one pledge from several workers (${testDriver})`, () => {
  it('makes one provider call for racing workers, and a claim left by a crash is taken over after its lease', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const racing = await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 1_500 });
    const crashed = await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 2_500 });
    const limiter = createRateLimiter(1000);

    const outcomes = await Promise.all(Array.from({ length: 8 }, () => chargePledge(server.app.ctx, limiter, racing.pledge.id)));
    expect(outcomes.filter((outcome) => outcome === 'charged')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== 'charged' && outcome !== 'in_flight' && outcome !== 'skipped')).toEqual([]);
    expect(chargesFor(racing.pledge)).toHaveLength(1);

    // A worker claimed the attempt and died before calling the provider.
    await server.app.ctx.db.update(pledges).set({ attemptStartedAt: clock.now() }).where(eq(pledges.id, crashed.pledge.id));
    expect(await chargePledge(server.app.ctx, limiter, crashed.pledge.id)).toBe('in_flight');
    expect(chargesFor(crashed.pledge)).toHaveLength(0);
    clock.advance(ATTEMPT_LEASE_MS);
    expect(await chargePledge(server.app.ctx, limiter, crashed.pledge.id)).toBe('charged');
    expect(chargesFor(crashed.pledge).map((input) => input.idempotencyKey)).toEqual([chargeAttemptKey(crashed.pledge)]);
    expect(await postings(crashed.pledge.id)).toHaveLength(1);
    await expectBooksBalanced(server);
  });
});
