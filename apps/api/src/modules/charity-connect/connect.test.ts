// @module-tag concurrency
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outboxEmails } from '../../db/schema.ts';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { isSandbox } from '../../providers/payments/index.ts';
import { sandboxTransfers } from '../../providers/payments/tables.ts';
import { signUp, type TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { FAILED_PLEDGES_QUEUE } from '../charging/failed-window.ts';
import { disputes } from '../disputes/tables.ts';
import { verifyLedger } from '../ledger/verify.ts';
import { CONNECT_NEEDS_REGISTRATION } from './connectable.ts';
import { charityRepresentatives } from '../charity-portal/tables.ts';
import { charityConnectAccounts, charityTransfers } from './tables.ts';
import { createDueTransfers } from './transfers.ts';
import { accountBalance, CARDS, expectBooksBalanced, liveCampaign, onboard, pledgeFrom } from '../../test/money.ts';
import { adminClient, benefit, mailsTo, newCharity, pledgeRow } from '../../test/factories.ts';

/**
 * Charities on Connect with the sandbox (decisions 130, 131): onboarding with a requirement left
 * due, transfers once a campaign's run and failed-charge window are over (one per charge, from
 * that charge), a dispute after the transfer reversed from the charity's account and transferred
 * again once won, every step posted once and reconciled both ways with the provider.
 */
let server: TestServer;
let admin: TestClient;
let clock: TestClock;
beforeAll(async () => {
  server = await startTestServer();
  clock = createTestClock();
  server.app.ctx.clock = clock;
  admin = await adminClient(server);
});
afterAll(async () => server.close());

const cents = (dollars: number) => Math.round(dollars * 100);
const transfersOf = (charityId: string) => server.app.ctx.db.select().from(charityTransfers).where(eq(charityTransfers.charityId, charityId));
const runTransfers = async () => {
  const ran = await admin.post('/api/admin/charity-transfers/run');
  expect(ran.status, JSON.stringify(ran.data)).toBe(200);
  return ran.data.data as { created: number; made: number; waiting: number };
};
/** A signed-up person made the charity's representative (as an accepted invitation makes them). */
const representativeOf = async (charityId: string, name = 'Tess Treasurer') => {
  const person = await signUp(server.url, { name });
  await server.app.ctx.db.insert(charityRepresentatives).values({ charityId, userId: person.user._id });
  return person;
};
const overviewOf = async (charityId: string) =>
  (await admin.get('/api/admin/charity-connect')).data.data.charities.find((row: { charity_id: string }) => row.charity_id === charityId);

describe('charities on Connect (sandbox)', () => {
  it('onboards a charity: a requirement left due is reported and told once, then completed', { timeout: 60_000 }, async () => {
    const charityId = await newCharity(server);
    const user = await signUp(server.url);
    expect((await user.client.post(`/api/charities/${charityId}/connect/onboarding`)).status).toBe(403);

    const first = await onboard(admin, charityId, { leaveRequirementDue: true });
    expect(first.url).toMatch(new RegExp(`/user/sandbox-connect/${first.ref}\\?return_url=`));
    expect(first.account).toMatchObject({ details_submitted: true, payouts_enabled: false, requirements_due: ['representative.verification.document'] });
    expect((await admin.post(`/api/charities/${charityId}/connect/refresh`)).status).toBe(200);
    const told = await server.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'connect-requirements'));
    expect(told.filter((mail) => mail.text.includes('representative.verification.document'))).toHaveLength(1);

    const again = await onboard(admin, charityId);
    expect(again.ref).toBe(first.ref);
    expect(again.account).toMatchObject({ details_submitted: true, payouts_enabled: true, requirements_due: [] });
    expect(await overviewOf(charityId)).toMatchObject({ account: { payouts_enabled: true }, payable: 0, owed_outside_connect: 0 });
  });

  it('lets the charity’s representative onboard from the portal, tells them (not the admins) what Stripe asks for, and refuses anyone else', async () => {
    const charityId = await newCharity(server);
    const treasurer = await representativeOf(charityId);
    const outsider = await signUp(server.url);
    expect((await outsider.client.post(`/api/charities/${charityId}/connect/onboarding`)).status).toBe(403);
    expect((await outsider.client.get(`/api/charities/${charityId}/connect/transfers`)).status).toBe(403);
    expect(await server.app.ctx.db.select().from(charityConnectAccounts).where(eq(charityConnectAccounts.charityId, charityId))).toEqual([]);

    const first = await onboard(treasurer.client, charityId, { leaveRequirementDue: true });
    // Back to the portal after Stripe's page, not to the admin console.
    expect(decodeURIComponent(first.url)).toContain(`/user/charities/${charityId}?onboarding=return`);
    const told = (await mailsTo(server, treasurer.email)).filter((mail) => mail.kind === 'connect-requirements');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('representative.verification.document');
    expect(told[0]!.text).toContain(`/user/charities/${charityId}`);
    const toAdmins = await server.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'connect-requirements'));
    expect(toAdmins.filter((mail) => mail.text.includes(`charity=${charityId}`))).toEqual([]);

    const portal = (await treasurer.client.get(`/api/portal/charities/${charityId}`)).data.data;
    expect(portal.connect).toMatchObject({
      account: { account_ref: first.ref, details_submitted: true, payouts_enabled: false, requirements_due: ['representative.verification.document'] },
      transfers: [],
    });
    const done = await onboard(treasurer.client, charityId);
    expect(done.account).toMatchObject({ payouts_enabled: true, requirements_due: [] });
    expect((await treasurer.client.get(`/api/portal/charities/${charityId}`)).data.data.connect.account).toMatchObject({ payouts_enabled: true });
    expect((await treasurer.client.get(`/api/charities/${charityId}/connect/transfers`)).status).toBe(200);
  });

  it('refuses to connect a charity without its registration number, and makes no account', async () => {
    const charityId = await newCharity(server, undefined, false);
    const treasurer = await representativeOf(charityId);
    for (const caller of [admin, treasurer.client]) {
      const refused = await caller.post(`/api/charities/${charityId}/connect/onboarding`);
      expect(refused.status).toBe(409);
      expect(refused.data.message).toBe(CONNECT_NEEDS_REGISTRATION);
    }
    expect(await server.app.ctx.db.select().from(charityConnectAccounts).where(eq(charityConnectAccounts.charityId, charityId))).toEqual([]);
  });

  it(
    'transfers each charge of a finished campaign once its failed-charge window closed; a dispute after the transfer is reversed, and transferred again when won',
    { timeout: 180_000 },
    async () => {
      const charityId = await newCharity(server);
      await onboard(admin, charityId);
      const creator = await signUp(server.url);
      const event = await liveCampaign(server, creator, admin);
      await benefit(server, event.id, charityId);
      const a = await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 10_000, tipPercent: 20 });
      const b = await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 10_000, tipPercent: 20, coverFees: true });
      const declined = await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 5_000, card: CARDS.declined });
      expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
      expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
      await server.app.ctx.jobs.drain();
      expect((await pledgeRow(server, declined.pledge.id)).status).toBe('failed');
      expect(await accountBalance(server, 'charity_payable', { charityId })).toBe(cents(285.02));

      // The failed-charge window is open: nothing is transferred yet, and the console says what is owed.
      expect(await runTransfers()).toMatchObject({ created: 0, made: 0 });
      expect(await overviewOf(charityId)).toMatchObject({ payable: 285.02, to_transfer: 285.02, owed_outside_connect: 0 });
      const payout = await admin.post('/api/admin/payouts', { charity_id: charityId, amount: 1, reference: 'WIRE-1', paid_on: '2026-11-28' });
      expect(payout.status).toBe(409);
      expect(payout.data.code).toBe('PAYOUT_PAID_BY_TRANSFERS');

      clock.advance(8 * 86_400_000);
      await server.app.ctx.jobs.runScheduled(FAILED_PLEDGES_QUEUE);
      await server.app.ctx.jobs.drain();
      expect((await pledgeRow(server, declined.pledge.id)).status).toBe('dropped');

      expect(await runTransfers()).toMatchObject({ created: 3, made: 3, waiting: 0 });
      expect(await runTransfers()).toMatchObject({ created: 0, made: 0 });
      const made = await transfersOf(charityId);
      expect(made.map((row) => row.amountCents).sort()).toEqual([cents(100), cents(91.8), cents(93.22)].sort());
      const atProvider = await server.app.ctx.db
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.transferGroup, `campaign:${event.id}`));
      expect(atProvider).toHaveLength(3);
      const pledgeA = await pledgeRow(server, a.pledge.id);
      expect(atProvider.find((row) => row.sourceCharge === pledgeA.providerChargeRef)).toMatchObject({ amountCents: cents(93.22) });
      expect(await accountBalance(server, 'charity_payable', { charityId })).toBe(0);
      expect(await accountBalance(server, 'charity_paid', { charityId })).toBe(cents(285.02));
      const payments = server.app.ctx.payments;
      if (!isSandbox(payments)) throw new Error('the sandbox is the provider here');
      const ref = String((await overviewOf(charityId)).account.account_ref);
      expect((await payments.connect.payouts(ref)).map((row) => row.amountCents)).toEqual([cents(285.02)]);
      await expectBooksBalanced(server);
      // The campaign's page and its open ledger say it was passed on, once (transfers are not also counted as payouts).
      expect((await creator.client.get(`/api/events/show/${event.id}`)).data).toMatchObject({ to_charity: 285.02, passed_on: 285.02 });
      expect((await admin.get(`/api/events/${event.id}/money`)).data.data.totals).toMatchObject({ for_charity: 285.02, passed_on: 285.02 });

      // The pledges each transfer carried, for the charity's own view.
      const listed = await admin.get(`/api/charities/${charityId}/connect/transfers`);
      expect(listed.status).toBe(200);
      expect(listed.data.data.items.find((item: { carried: { pledge_id: string } }) => item.carried.pledge_id === a.pledge.id)).toMatchObject({
        kind: 'transfer',
        status: 'made',
        amount: 93.22,
        carried: { charged: 120, campaign: { _id: event.id } },
      });
      // The portal shows the charity's representative the same transfers, each supporter named as they chose.
      await server.app.ctx.database.query('update pledges set anonymous = true where id = $1', [b.pledge.id]);
      const treasurer = await representativeOf(charityId);
      const portalConnect = async () => (await treasurer.client.get(`/api/portal/charities/${charityId}`)).data.data.connect;
      const shown = await portalConnect();
      expect(shown.account).toMatchObject({ payouts_enabled: true, requirements_due: [] });
      expect(shown.transfers.map((row: { _id: string }) => row._id).sort()).toEqual(listed.data.data.items.map((row: { _id: string }) => row._id).sort());
      const nameOf = (rows: { carried: { pledge_id: string; supporter_name: string } }[], pledgeId: string) =>
        rows.find((row) => row.carried.pledge_id === pledgeId)?.carried.supporter_name;
      expect(nameOf(shown.transfers, b.pledge.id)).toBe('Anonymous');
      expect(nameOf(shown.transfers, a.pledge.id)).not.toBe('Anonymous');

      // Weeks later the bank disputes A's $120.00: the charity's $93.22 comes back from its account.
      // The admin's sandbox tool on the pledge: bad input and other people change nothing.
      const tool = `/api/admin/pledges/${a.pledge.id}/sandbox-dispute`;
      expect((await treasurer.client.post(tool, {})).status).toBe(403);
      const badAmount = await admin.post(tool, { amount: '12.345' });
      expect(badAmount.status).toBe(400);
      expect(badAmount.data.message).toContain('two decimals');
      const notCharged = await admin.post(`/api/admin/pledges/${declined.pledge.id}/sandbox-dispute`, {});
      expect(notCharged.status).toBe(409);
      expect(await server.app.ctx.db.select().from(disputes).where(eq(disputes.pledgeId, a.pledge.id))).toEqual([]);
      const opened = await admin.post(tool, {});
      expect(opened.status, JSON.stringify(opened.data)).toBe(200);
      expect(opened.data.data).toMatchObject({ status: 'open', amount: 120, charity_share: 93.22, pledge: { _id: a.pledge.id } });
      const disputeRef = opened.data.data.provider_ref as string;
      expect((await admin.post(tool, {})).status).toBe(409);
      await server.app.ctx.jobs.drain();
      const [dispute] = await server.app.ctx.db.select().from(disputes).where(eq(disputes.providerDisputeRef, disputeRef!));
      expect(dispute).toMatchObject({ charityShareCents: cents(93.22), status: 'open' });
      const reversals = (await transfersOf(charityId)).filter((row) => row.kind === 'reversal');
      expect(reversals).toMatchObject([{ amountCents: cents(93.22), status: 'made', disputeId: dispute!.id }]);
      expect((await portalConnect()).transfers.find((row: { kind: string }) => row.kind === 'reversal')).toMatchObject({
        amount: 93.22,
        status: 'made',
        carried: { pledge_id: a.pledge.id, charged: 120 },
      });
      expect(await accountBalance(server, 'charity_payable', { charityId })).toBe(0);
      expect(await accountBalance(server, 'charity_paid', { charityId })).toBe(cents(191.8));
      await expectBooksBalanced(server);

      // Won: the opening is reversed and the share is transferred again, once.
      const decided = await admin.post(`/api/admin/disputes/${dispute!.id}/sandbox-outcome`, { outcome: 'won' });
      expect(decided.status, JSON.stringify(decided.data)).toBe(200);
      await server.app.ctx.jobs.drain();
      await runTransfers();
      const again = (await transfersOf(charityId)).filter((row) => row.disputeId === dispute!.id && row.kind === 'transfer');
      expect(again).toMatchObject([{ amountCents: cents(93.22), status: 'made' }]);
      expect(await accountBalance(server, 'charity_payable', { charityId })).toBe(0);
      expect(await accountBalance(server, 'charity_paid', { charityId })).toBe(cents(285.02));
      // The reversal left the account at −$93.22 (its money was at the bank already); the new transfer evens it: no payout.
      expect((await payments.connect.payouts(ref)).map((row) => row.amountCents)).toEqual([cents(285.02)]);
      expect(await overviewOf(charityId)).toMatchObject({ transferred: 378.24, reversed: 93.22, payable: 0 });
      expect((await admin.get(`/api/events/${event.id}/money`)).data.data.totals).toMatchObject({ for_charity: 285.02, passed_on: 285.02 });
      await expectBooksBalanced(server);
    },
  );

  it('a charity without a connected account keeps recorded payouts, and the console shows what it is owed', { timeout: 60_000 }, async () => {
    const charityId = await newCharity(server);
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    await benefit(server, event.id, charityId);
    await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 10_000, tipPercent: 20 });
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
    await server.app.ctx.jobs.drain();
    await runTransfers();
    expect(await transfersOf(charityId)).toEqual([]);
    expect(await overviewOf(charityId)).toMatchObject({ account: null, payable: 185.02, to_transfer: 0, owed_outside_connect: 185.02 });
    const payout = await admin.post('/api/admin/payouts', { charity_id: charityId, amount: 185.02, reference: 'WIRE-2', paid_on: '2026-11-28' });
    expect(payout.status, JSON.stringify(payout.data)).toBe(201);
    await expectBooksBalanced(server);
  });

  it('holds a transfer the provider answered with another amount; an admin looks it up again or marks it for manual review', { timeout: 120_000 }, async () => {
    const charityId = await newCharity(server);
    const { ref } = await onboard(admin, charityId);
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    await benefit(server, event.id, charityId);
    for (const _ of [1, 2]) await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 5_000 });
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
    await server.app.ctx.jobs.drain();
    expect(await createDueTransfers(server.app.ctx)).toBe(3);

    // Two claims that crashed a day ago; meanwhile the provider made each under its key, for $1.00 less.
    const dayAgo = new Date(clock.now().getTime() - 25 * 3_600_000);
    const [first, second] = (await transfersOf(charityId)).filter((row) => row.pledgeId).sort((x, y) => x.id.localeCompare(y.id));
    for (const row of [first!, second!]) {
      await server.app.ctx.db.update(charityTransfers).set({ attemptStartedAt: dayAgo, attemptFirstClaimedAt: dayAgo }).where(eq(charityTransfers.id, row.id));
      await server.app.ctx.db.insert(sandboxTransfers).values({
        id: `tr_sbx_short_${row.id.slice(0, 8)}`,
        idempotencyKey: row.idempotencyKey,
        destination: ref,
        amountCents: row.amountCents - 100,
        sourceCharge: row.chargeRef,
        transferGroup: `campaign:${event.id}`,
      });
    }
    // The sandbox keeps keys for ever; Stripe forgets them after a day, when a claim taken over looks up first (decision 130).
    const payments = server.app.ctx.payments as { idempotencyKeyLifetimeMs: number };
    const lifetime = payments.idempotencyKeyLifetimeMs;
    payments.idempotencyKeyLifetimeMs = 24 * 3_600_000;
    try {
      expect(await runTransfers()).toMatchObject({ made: 1, waiting: 2 });
    } finally {
      payments.idempotencyKeyLifetimeMs = lifetime;
    }
    const held = async (id: string) => (await server.app.ctx.db.select().from(charityTransfers).where(eq(charityTransfers.id, id)))[0]!;
    expect(await held(first!.id)).toMatchObject({ status: 'held', lastError: expect.stringContaining('AMOUNT_MISMATCH') });
    // Held means never booked and never sent again: another run leaves it alone.
    expect(await runTransfers()).toMatchObject({ made: 0, waiting: 0 });
    expect(await server.app.ctx.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.idempotencyKey, first!.idempotencyKey))).toHaveLength(1);
    const listed = (await admin.get(`/api/charities/${charityId}/connect/transfers`)).data.data.items;
    expect(listed.find((row: { _id: string }) => row._id === first!.id)).toMatchObject({
      status: 'held',
      last_error: expect.stringContaining('AMOUNT_MISMATCH'),
    });
    const paidBefore = await accountBalance(server, 'charity_paid', { charityId });

    const resolve = (id: string, action: string, client = admin) => client.post(`/api/admin/charity-transfers/${id}/resolve`, { action });
    const treasurer = await representativeOf(charityId);
    expect((await resolve(first!.id, 'look_up', treasurer.client)).status).toBe(403);
    expect((await resolve(first!.id, 'retry')).status).toBe(400);
    // Still another amount at the provider: held again, nothing booked.
    const still = await resolve(first!.id, 'look_up');
    expect(still.status, JSON.stringify(still.data)).toBe(200);
    expect(still.data.data).toMatchObject({ outcome: 'held', movement: { status: 'held' } });
    expect(await accountBalance(server, 'charity_paid', { charityId })).toBe(paidBefore);

    // The provider's transfer is put right (its support corrected it): the look-up books it, once.
    await server.app.ctx.db.update(sandboxTransfers).set({ amountCents: first!.amountCents }).where(eq(sandboxTransfers.idempotencyKey, first!.idempotencyKey));
    const answers = await Promise.all([resolve(first!.id, 'look_up'), resolve(first!.id, 'look_up')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 200)!.data.data).toMatchObject({ outcome: 'made', movement: { status: 'made' } });
    expect(await accountBalance(server, 'charity_paid', { charityId })).toBe(paidBefore + first!.amountCents);

    // The other is taken to the provider's dashboard by hand: marked, never sent again, and the books say what stays unmatched.
    const marked = await resolve(second!.id, 'manual_review');
    expect(marked.data.data).toMatchObject({ outcome: 'manual_review', movement: { status: 'manual_review' } });
    expect((await resolve(second!.id, 'look_up')).status).toBe(409);
    expect(await runTransfers()).toMatchObject({ made: 0 });
    const audit = await server.app.ctx.database.query<{ action: string }>('select action from audit_log where target_id in ($1, $2) order by created_at', [
      first!.id,
      second!.id,
    ]);
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['charity.transfer_looked_up', 'charity.transfer_manual_review']));
    const report = await verifyLedger(server.app.ctx.database.query, server.app.ctx.payments);
    expect(report.reconciliation.provider_without_posting).toContainEqual({
      kind: 'transfer',
      ref: `tr_sbx_short_${second!.id.slice(0, 8)}`,
      amount: (second!.amountCents - 100) / 100,
    });
  });

  // Last: the planted transfer stays at the provider, so the books verify dirty from here on.
  it('reports a transfer at the provider that no posting records', async () => {
    const [transfer] = await server.app.ctx.db.select().from(sandboxTransfers).limit(1);
    const [planted] = await server.app.ctx.db
      .insert(sandboxTransfers)
      .values({ id: 'tr_sbx_planted', idempotencyKey: 'planted', destination: transfer!.destination, amountCents: 4_321, sourceCharge: transfer!.sourceCharge })
      .returning();
    const report = await verifyLedger(server.app.ctx.database.query, server.app.ctx.payments);
    expect(report.ok).toBe(false);
    expect(report.problems).toContain(`the provider's transfer ${planted!.id} of $43.21 has no posting in the ledger`);
    expect(report.reconciliation.provider_without_posting).toContainEqual({ kind: 'transfer', ref: 'tr_sbx_planted', amount: 43.21 });
  });
});
