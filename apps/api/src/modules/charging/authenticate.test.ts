// @module-tag concurrency
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { signUp, type TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { expectMoneyAgrees, providerChargesOf } from '../../money-matrix/test-money-checks.ts';
import { adminClient, createPledge, mailsTo, type Person, pledgeRow } from '../../test/factories.ts';
import { CARDS, liveCampaign, pledgeFrom } from '../../test/money.ts';
import { DECLINE_MESSAGES, isSandbox } from '../../providers/payments/index.ts';
import { waitsForBank } from '../pledges/index.ts';
import { createPledgeAuthentication } from './authenticate.ts';
import { FAILED_PLEDGES_QUEUE } from './failed-window.ts';

/**
 * The on-site confirmation of a pledge's charge the bank asked its supporter to authenticate
 * (decision 260), on the sandbox: the e-mail's link and My Pledges, the page's facts for the
 * supporter only, the sandbox's approve and fail, and the charge booked once under double clicks,
 * a webhook and the window's last retry racing the page's confirm.
 */
let server: TestServer;
let admin: TestClient;
let clock: TestClock;
const RACERS = 10;
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
  clock = createTestClock(new Date('2027-03-01T09:00:00Z'));
  server.app.ctx.clock = clock;
  admin = await adminClient(server);
});
afterAll(async () => server.close());

/** A completed campaign charged, where `supporter`'s $30 pledge (+ 10% tip) on `card` failed. */
async function failedPledge(card: string = CARDS.authenticationRequired) {
  clock.set(new Date('2027-03-01T09:00:00Z'));
  const creator = await signUp(server.url);
  const event = await liveCampaign(server, creator, admin);
  const supporter = await signUp(server.url);
  const { pledge } = await pledgeFrom(server, supporter, event.id, { amountCents: 3_000, tipPercent: 10, card });
  expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
  expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
  await server.app.ctx.jobs.drain();
  const row = await pledgeRow(server, pledge.id);
  expect(row.status).toBe('failed');
  return { supporter, event, pledgeId: pledge.id, keyPrefix: `${row.idempotencyKey}:charge:` };
}

const ledgerPostings = async (pledgeId: string) =>
  (
    await server.app.ctx.database.query<{ n: number }>('select count(*)::int as n from ledger_transactions where idempotency_key = $1', [
      `pledge-charge:${pledgeId}`,
    ])
  )[0]!.n;
const receipts = async (person: Person) => (await mailsTo(server, person.email)).filter((mail) => mail.kind === 'charge-receipt').length;

describe('a pledge whose charge the bank asked to authenticate', () => {
  it('is linked from the e-mail and My Pledges, and shown to its supporter only, with the amount, campaign and card', async () => {
    const { supporter, event, pledgeId } = await failedPledge();
    const mail = (await mailsTo(server, supporter.email)).find((sent) => sent.kind === 'charge-failed');
    expect(mail?.text).toContain(`${server.config.publicUrl}/user/pledges/${pledgeId}/authenticate`);

    const mine = await supporter.client.get('/api/events/pledges');
    expect(mine.data.data.pledges.find((pledge: { _id: string }) => pledge._id === pledgeId)).toMatchObject({ status: 'failed', needs_authentication: true });

    const view = await supporter.client.get(`/api/pledges/${pledgeId}/authentication`);
    expect(view.status).toBe(200);
    expect(view.data.data.authentication).toMatchObject({
      pledge_id: pledgeId,
      campaign: { _id: event.id, name: event.name },
      amount: 30,
      tip: 3,
      total: 33,
      card: 'Visa •••• 3184',
      status: 'failed',
      waiting: true,
      provider: 'sandbox',
      stripe: null,
      window_ends_at: new Date(clock.now().getTime() + 7 * DAY).toISOString(),
    });

    const other = await signUp(server.url);
    expect((await other.client.get(`/api/pledges/${pledgeId}/authentication`)).status).toBe(404);
    expect((await other.client.post(`/api/pledges/${pledgeId}/authenticate`, { sandbox_outcome: 'approve' })).status).toBe(404);
    expect((await admin.post(`/api/pledges/${pledgeId}/authenticate`, { sandbox_outcome: 'approve' })).status).toBe(404);
    expect((await pledgeRow(server, pledgeId)).status).toBe('failed');
  });

  it('a plain decline is not waiting for the bank: its e-mail links to the card update and the page confirms nothing', async () => {
    const { supporter, pledgeId, keyPrefix } = await failedPledge(CARDS.declined);
    const mail = (await mailsTo(server, supporter.email)).find((sent) => sent.kind === 'charge-failed');
    expect(mail?.text).toContain(`/user/pledges?update=${pledgeId}`);
    expect(mail?.text).not.toContain('/authenticate');
    expect((await supporter.client.get(`/api/pledges/${pledgeId}/authentication`)).data.data.authentication).toMatchObject({ waiting: false });
    const answer = await supporter.client.post(`/api/pledges/${pledgeId}/authenticate`, { sandbox_outcome: 'approve' });
    expect(answer.status).toBe(200);
    expect(answer.data.message).toMatch(/not waiting for your bank’s confirmation; nothing was charged/);
    expect(await providerChargesOf(server, keyPrefix)).toBe(0);
    expect((await pledgeRow(server, pledgeId)).status).toBe('failed');
  });

  it('a failed check books nothing; an approval charges, books and receipts it once; a second confirm says so', async () => {
    const { supporter, pledgeId, keyPrefix } = await failedPledge();
    const url = `/api/pledges/${pledgeId}/authenticate`;
    expect((await supporter.client.post(url, {})).status).toBe(400);

    const failed = await supporter.client.post(url, { sandbox_outcome: 'fail' });
    expect(failed.status).toBe(200);
    expect(failed.data.message).toMatch(/did not confirm the payment, so nothing was charged/);
    expect(failed.data.data.authentication).toMatchObject({ status: 'failed', waiting: true });
    expect(await ledgerPostings(pledgeId)).toBe(0);

    const approved = await supporter.client.post(url, { sandbox_outcome: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.data.message).toBe(
      `Thank you! Your card was charged $33.00 for your pledge to "${(await supporter.client.get(`/api/pledges/${pledgeId}/authentication`)).data.data.authentication.campaign.name}".`,
    );
    expect(approved.data.data.authentication).toMatchObject({ status: 'charged', waiting: false, window_ends_at: null });
    const row = await pledgeRow(server, pledgeId);
    expect(row).toMatchObject({ status: 'charged', chargedCents: 3_300, failureReason: null, nextReminderAt: null });

    const again = await supporter.client.post(url, { sandbox_outcome: 'approve' });
    expect(again.data.message).toMatch(/already charged \(\$33\.00\); nothing more was charged/);
    expect(await providerChargesOf(server, keyPrefix)).toBe(1);
    expect(await ledgerPostings(pledgeId)).toBe(1);
    expect(await receipts(supporter)).toBe(1);
    // No reminder and no last retry for a charged pledge.
    clock.advance(8 * DAY);
    await server.app.ctx.jobs.runScheduled(FAILED_PLEDGES_QUEUE);
    await server.app.ctx.jobs.drain();
    expect(await providerChargesOf(server, keyPrefix)).toBe(1);
    expect((await pledgeRow(server, pledgeId)).status).toBe('charged');
    await expectMoneyAgrees(server);
  });

  it('confirms, a webhook and the last retry at the window’s end racing each other book the charge once', async () => {
    const { supporter, pledgeId, keyPrefix } = await failedPledge();
    const authentication = createPledgeAuthentication(server.app.ctx);
    const ref = (await pledgeRow(server, pledgeId)).providerChargeRef!;
    clock.advance(7 * DAY);
    const answers = await Promise.all([
      ...Array.from({ length: RACERS }, () => supporter.client.post(`/api/pledges/${pledgeId}/authenticate`, { sandbox_outcome: 'approve' })),
      authentication.bookConfirmedCharge(ref),
      server.app.ctx.jobs.runScheduled(FAILED_PLEDGES_QUEUE),
    ]);
    const pages = answers.slice(0, RACERS) as { status: number; data: { message: string } }[];
    expect(pages.map((answer) => answer.status)).toEqual(Array(RACERS).fill(200));
    expect(pages.filter((answer) => answer.data.message.startsWith('Thank you!')).length).toBeLessThanOrEqual(1);
    await server.app.ctx.jobs.drain();
    const row = await pledgeRow(server, pledgeId);
    // The approval lands before or after the last retry closed the waiting charge: charged once, or dropped with nothing charged.
    if (row.status === 'charged') {
      expect(await providerChargesOf(server, keyPrefix)).toBe(1);
      expect(await ledgerPostings(pledgeId)).toBe(1);
      expect(await receipts(supporter)).toBe(1);
    } else {
      expect(row.status).toBe('dropped');
      expect(await providerChargesOf(server, keyPrefix)).toBe(0);
      expect(await ledgerPostings(pledgeId)).toBe(0);
    }
    await expectMoneyAgrees(server);
  });

  it('a charge approved at the bank whose confirm never arrived is booked by the webhook, or by the last retry without charging again', async () => {
    const sandbox = server.app.ctx.payments;
    if (!isSandbox(sandbox)) throw new Error('the sandbox provider is expected');
    const authentication = createPledgeAuthentication(server.app.ctx);

    const byWebhook = await failedPledge();
    const refA = (await pledgeRow(server, byWebhook.pledgeId)).providerChargeRef!;
    expect((await sandbox.authenticateCharge(refA, 'approve')).ok).toBe(true);
    expect(await authentication.bookConfirmedCharge(refA)).toBe('charged');
    expect(await authentication.bookConfirmedCharge(refA)).toBe('skipped');
    expect(await pledgeRow(server, byWebhook.pledgeId)).toMatchObject({ status: 'charged', providerChargeRef: refA });
    expect(await ledgerPostings(byWebhook.pledgeId)).toBe(1);

    const byRetry = await failedPledge();
    const refB = (await pledgeRow(server, byRetry.pledgeId)).providerChargeRef!;
    expect((await sandbox.authenticateCharge(refB, 'approve')).ok).toBe(true);
    clock.advance(7 * DAY);
    await server.app.ctx.jobs.runScheduled(FAILED_PLEDGES_QUEUE);
    expect(await pledgeRow(server, byRetry.pledgeId)).toMatchObject({ status: 'charged', providerChargeRef: refB, retryCount: 1 });
    expect(await providerChargesOf(server, byRetry.keyPrefix)).toBe(1);
    expect(await ledgerPostings(byRetry.pledgeId)).toBe(1);
    expect(await receipts(byRetry.supporter)).toBe(1);
    await expectMoneyAgrees(server);
  });

  it('the last retry closes the charge that waited: an approval after the pledge was dropped moves nothing', async () => {
    const { supporter, pledgeId, keyPrefix } = await failedPledge();
    clock.advance(7 * DAY);
    await server.app.ctx.jobs.runScheduled(FAILED_PLEDGES_QUEUE);
    expect((await pledgeRow(server, pledgeId)).status).toBe('dropped');
    const late = await supporter.client.post(`/api/pledges/${pledgeId}/authenticate`, { sandbox_outcome: 'approve' });
    expect(late.status).toBe(200);
    expect(late.data.message).toMatch(/not waiting/);
    expect(late.data.data.authentication).toMatchObject({ status: 'dropped', waiting: false });
    expect(await providerChargesOf(server, keyPrefix)).toBe(0);
    expect(await ledgerPostings(pledgeId)).toBe(0);
  });
});

describe('which failed pledges wait for their bank', () => {
  it('a failed pledge with a charge whose decline code is authentication_required, and no other', () => {
    const failed = { status: 'failed', providerChargeRef: 'ch_1', failureCode: 'authentication_required' };
    expect(waitsForBank(failed)).toBe(true);
    expect(waitsForBank({ ...failed, failureCode: 'card_declined' })).toBe(false);
    expect(waitsForBank({ ...failed, failureCode: null })).toBe(false);
    expect(waitsForBank({ ...failed, status: 'dropped' })).toBe(false);
    expect(waitsForBank({ ...failed, providerChargeRef: null })).toBe(false);
  });

  it('migration 0046 gives the declines recorded before it by text the authentication code, and no other', async () => {
    const migration = await readFile(new URL('../../db/migrations/0046_pledge-failure-code.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((statement) => statement.includes('UPDATE'))!;
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const texts = {
      today: DECLINE_MESSAGES.authentication_required,
      beforeDecision260: 'Your card needs authentication. Please choose another payment method.',
      // The cash apps' texts as they were recorded before the migration (reworded since).
      cashApp:
        'Cash App asks for your approval of this payment, which cannot be given on this site yet, so nothing was charged. Please choose another payment method.',
      sandboxCashApp:
        'The sandbox cash app asks for your approval of this payment, which cannot be given on this site yet, so nothing was charged. Please choose another payment method.',
      declined: DECLINE_MESSAGES.card_declined,
    };
    const ids: Record<string, string> = {};
    for (const [name, text] of Object.entries(texts)) {
      const row = await createPledge(server.app, creator.user._id, event.id, { status: 'failed', providerChargeRef: `ch_${name}`, failureReason: text });
      ids[name] = row.id;
    }
    await server.app.ctx.database.query(backfill);
    const codes = Object.fromEntries(await Promise.all(Object.entries(ids).map(async ([name, id]) => [name, (await pledgeRow(server, id)).failureCode])));
    expect(codes).toEqual({
      today: 'authentication_required',
      beforeDecision260: 'authentication_required',
      cashApp: 'authentication_required',
      sandboxCashApp: 'authentication_required',
      declined: null,
    });
  });
});
