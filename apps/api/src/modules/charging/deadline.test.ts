import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { sandboxCharges } from '../../providers/payments/tables.ts';
import { chargeAttemptKey } from './charge-pledge.ts';
import { chargeAtDeadline, chargeDueCampaigns, DEADLINE_CHARGES_QUEUE } from './deadline.ts';
import { MONEY_SWEEP_QUEUE } from './sweep.ts';
import { chargeRuns } from './tables.ts';
import { accountBalance, expectBooksBalanced, liveCampaign, pledgeFrom } from '../../test/money.ts';
import { adminClient, mailsTo, type Person, pledgeRow } from '../../test/factories.ts';

let server: TestServer;
let admin: TestClient;
let clock: TestClock;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

beforeAll(async () => {
  server = await startTestServer();
  clock = createTestClock();
  server.app.ctx.clock = clock;
  admin = await adminClient(server);
});
afterAll(async () => server.close());

type Kind = 'money_bomb' | 'crowdfunding';

async function deadlineCampaign(
  creator: Person,
  kind: Kind,
  options: { durationDays?: number; targetCents?: number; fundingModel?: 'all_or_nothing' | 'all_donations' } = {},
) {
  return liveCampaign(server, creator, admin, {
    targetCents: options.targetCents,
    fundingModel: options.fundingModel,
    values: { kind, durationDays: options.durationDays ?? 2 },
  });
}

/** The scheduled job's tick, as its cron would run it, then every job it queued. */
async function tick() {
  await server.app.ctx.jobs.runScheduled(DEADLINE_CHARGES_QUEUE);
  await server.app.ctx.jobs.drain();
}

async function statusOf(client: TestClient, eventId: string) {
  return (await client.get(`/api/events/show/${eventId}`)).data.status as string;
}

describe('a money bomb at its deadline', () => {
  it('is charged by the scheduled job with nobody pressing a button, once, and the creator and the admin see the run', async () => {
    const creator = await signUp(server.url);
    const event = await deadlineCampaign(creator, 'money_bomb', { durationDays: 2 });
    const shown = (await creator.client.get(`/api/events/show/${event.id}`)).data;
    expect(new Date(shown.deadline).getTime()).toBe(clock.now().getTime() + 2 * DAY);
    const supporters = [await signUp(server.url), await signUp(server.url)];
    const a = await pledgeFrom(server, supporters[0]!, event.id, { amountCents: 2_500, tipPercent: 20 });
    const b = await pledgeFrom(server, supporters[1]!, event.id, { amountCents: 4_000, coverFees: true });

    clock.advance(2 * DAY - MINUTE);
    await tick();
    expect(await statusOf(creator.client, event.id)).toBe('approved');
    expect((await creator.client.get(`/api/events/${event.id}/charge-run`)).status).toBe(404);
    expect((await pledgeRow(server, a.pledge.id)).status).toBe('pending');

    clock.advance(2 * MINUTE);
    await tick();
    expect(await statusOf(creator.client, event.id)).toBe('completed');
    const seen = await creator.client.get(`/api/events/${event.id}/charge-run`);
    expect(seen.status, JSON.stringify(seen.data)).toBe(200);
    expect(seen.data.data).toMatchObject({ status: 'finished', trigger: 'deadline', outcome: 'charge', total: 3, charged: 3, failed: 0 });
    expect((await admin.get(`/api/admin/charge-runs/${seen.data.data._id}`)).data.data).toMatchObject({ charged: 3 });
    expect((await (await signUp(server.url)).client.get(`/api/events/${event.id}/charge-run`)).status).toBe(403);
    expect(await pledgeRow(server, a.pledge.id)).toMatchObject({ status: 'charged', chargedCents: a.quote.totalCents });
    expect(await pledgeRow(server, b.pledge.id)).toMatchObject({ status: 'charged', chargedCents: b.quote.totalCents });
    expect((await mailsTo(server, creator.email)).some((mail) => mail.kind === 'campaign-deadline')).toBe(true);
    expect((await mailsTo(server, supporters[0]!.email)).some((mail) => mail.kind === 'charge-receipt')).toBe(true);

    // The next ticks find nothing to do: no second run, no second charge.
    await server.app.ctx.jobs.runScheduled(DEADLINE_CHARGES_QUEUE);
    expect(await server.app.ctx.jobs.drain()).toBe(0);
    expect(await server.app.ctx.db.select().from(chargeRuns).where(eq(chargeRuns.eventId, event.id))).toHaveLength(1);
    expect(await accountBalance(server, 'event_escrow', { eventId: event.id })).toBe(0);
    await expectBooksBalanced(server);
  });

  it('all or nothing below its target releases every pledge and refunds the funding less its card fee', async () => {
    const creator = await signUp(server.url);
    const event = await deadlineCampaign(creator, 'money_bomb', { durationDays: 1, targetCents: 500_000, fundingModel: 'all_or_nothing' });
    const { pledge } = await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 5_000 });
    clock.advance(DAY);
    await tick();
    const run = (await creator.client.get(`/api/events/${event.id}/charge-run`)).data.data;
    expect(run).toMatchObject({ trigger: 'deadline', outcome: 'release', status: 'finished', charged: 0, released: 2 });
    expect(await pledgeRow(server, pledge.id)).toMatchObject({ status: 'released', chargedCents: null });
    expect(await accountBalance(server, 'donor_card', { eventId: event.id })).toBe(-320);
    await expectBooksBalanced(server);
  });

  it('all or nothing at its target charges', async () => {
    const creator = await signUp(server.url);
    const event = await deadlineCampaign(creator, 'money_bomb', { durationDays: 1, targetCents: 15_000, fundingModel: 'all_or_nothing' });
    await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 5_000 });
    clock.advance(DAY);
    await tick();
    expect((await creator.client.get(`/api/events/${event.id}/charge-run`)).data.data).toMatchObject({ outcome: 'charge', charged: 2 });
    await expectBooksBalanced(server);
  });

  it('waits while frozen and is charged once unfrozen after its deadline', async () => {
    const creator = await signUp(server.url);
    const event = await deadlineCampaign(creator, 'money_bomb', { durationDays: 1 });
    expect((await admin.post(`/api/admin/events/${event.id}/freeze`)).status).toBe(200);
    clock.advance(DAY + MINUTE);
    await tick();
    expect(await statusOf(creator.client, event.id)).toBe('freeze');
    expect((await admin.post(`/api/admin/events/${event.id}/unfreeze`)).status).toBe(200);
    await tick();
    expect(await statusOf(creator.client, event.id)).toBe('completed');
    await expectBooksBalanced(server);
  });

  it('an event promotion is not charged at any date: its admin confirms the charge', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin, { values: { kind: 'event', durationDays: 1 } });
    clock.advance(2 * DAY);
    await tick();
    expect(await statusOf(creator.client, event.id)).toBe('approved');
  });
});

describe('the deadline run starts exactly once', () => {
  it('with two instances ticking at once and a retried job', { tags: ['concurrency'] }, async () => {
    const creator = await signUp(server.url);
    const event = await deadlineCampaign(creator, 'money_bomb', { durationDays: 1 });
    const donor = await signUp(server.url);
    const { pledge } = await pledgeFrom(server, donor, event.id, { amountCents: 3_000 });
    clock.advance(DAY);
    const ctx = server.app.ctx;
    const started = await Promise.all([chargeAtDeadline(ctx, event.id), chargeAtDeadline(ctx, event.id), chargeDueCampaigns(ctx)]);
    expect(started.filter((value) => value === true || value === 1)).toHaveLength(1);
    expect(await chargeAtDeadline(ctx, event.id)).toBe(false);
    await ctx.jobs.drain();
    expect(await ctx.db.select().from(chargeRuns).where(eq(chargeRuns.eventId, event.id))).toHaveLength(1);
    const charged = await pledgeRow(server, pledge.id);
    expect(charged.status).toBe('charged');
    const [card] = await ctx.database.query<{ ref: string }>('select provider_customer_ref as ref from payment_methods where user_id = $1', [donor.user._id]);
    expect(await ctx.db.select().from(sandboxCharges).where(eq(sandboxCharges.customerId, card!.ref))).toHaveLength(1);
    await expectBooksBalanced(server);
  });

  it('survives a worker that charged at the provider and died before recording it: the sweep and the replays charge nobody twice', async () => {
    const creator = await signUp(server.url);
    const event = await deadlineCampaign(creator, 'money_bomb', { durationDays: 1 });
    const donor = await signUp(server.url);
    const { pledge, quote } = await pledgeFrom(server, donor, event.id, { amountCents: 4_200, tipPercent: 10 });
    clock.advance(DAY);
    const ctx = server.app.ctx;
    expect(await chargeAtDeadline(ctx, event.id)).toBe(true);

    // The worker's provider call went through, then the process died before the database update.
    const row = await pledgeRow(server, pledge.id);
    const [card] = await ctx.database.query<{ customer: string; method: string }>(
      'select provider_customer_ref as customer, provider_method_ref as method from payment_methods where id = $1',
      [row.paymentMethodId],
    );
    const lost = await ctx.payments.charge({
      customerRef: card!.customer,
      methodRef: card!.method,
      amountCents: quote.totalCents,
      idempotencyKey: chargeAttemptKey(row),
    });
    expect((await pledgeRow(server, pledge.id)).status).toBe('pending');

    // Ten minutes on, the sweep queues the stalled pledge again; the original job also runs.
    clock.advance(11 * MINUTE);
    await ctx.jobs.runScheduled(MONEY_SWEEP_QUEUE);
    await ctx.jobs.drain();
    expect(await pledgeRow(server, pledge.id)).toMatchObject({ status: 'charged', providerChargeRef: lost.ref });
    expect(await ctx.db.select().from(sandboxCharges).where(eq(sandboxCharges.customerId, card!.customer))).toHaveLength(1);
    expect(await ctx.database.query("select id from ledger_transactions where pledge_id = $1 and kind = 'pledge_charge'", [pledge.id])).toHaveLength(1);
    expect((await creator.client.get(`/api/events/${event.id}/charge-run`)).data.data).toMatchObject({ status: 'finished', charged: 2 });
    await expectBooksBalanced(server);
  });
});
