// @module-tag concurrency
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { sandboxCharges } from '../../providers/payments/tables.ts';
import { signUp } from '../../test/client.ts';
import { startTestServer, testDriver, type TestServer } from '../../test/harness.ts';
import { expectMoneyAgrees } from '../../money-matrix/test-money-checks.ts';
import { runMonthlyGifts } from './schedule.ts';
import { monthlyGiftCharges } from './tables.ts';
import { CARDS, saveCard } from '../../test/money.ts';
import { firstCharityId, mailsTo } from '../../test/factories.ts';

/**
 * The on-site confirmation of a month the bank asked the holder to authenticate (decision 170), on
 * the sandbox: the e-mail's link, the page's facts, the sandbox's approve and fail, and the month
 * charged, booked and receipted once under double clicks, two tabs and a card change racing it.
 */
let server: TestServer;
let clock: TestClock;
let charityId: string;
const RACERS = 10;

beforeAll(async () => {
  server = await startTestServer();
  clock = createTestClock(new Date('2027-08-01T09:00:00Z'));
  server.app.ctx.clock = clock;
  charityId = await firstCharityId(server);
});
afterAll(async () => server.close());

/** A gift of $30 + $2 tip started on Aug 1, 2027, whose September renewal on the authentication card waits for the supporter. */
async function waitingMonth() {
  clock.set(new Date('2027-08-01T09:00:00Z'));
  const person = await signUp(server.url);
  const started = await person.client.post(`/api/charities/${charityId}/monthly-gifts`, {
    amount: 30,
    tip: 2,
    charge_day: 1,
    payment_method_id: await saveCard(person.client, CARDS.visa),
  });
  expect(started.status, JSON.stringify(started.data)).toBe(201);
  const giftId = started.data.data.gift._id as string;
  await person.client.put(`/api/monthly-gifts/${giftId}/card`, { payment_method_id: await saveCard(person.client, CARDS.authenticationRequired) });
  clock.set(new Date('2027-09-01T01:00:00Z'));
  await runMonthlyGifts(server.app.ctx, [giftId]);
  const [, month] = await chargesOf(giftId);
  expect(month).toMatchObject({ status: 'action_required', failureCode: 'authentication_required' });
  return { person, giftId, chargeId: month!.id, url: `/api/monthly-gifts/${giftId}/charges/${month!.id}` };
}

const chargesOf = (giftId: string) =>
  server.app.ctx.db.select().from(monthlyGiftCharges).where(eq(monthlyGiftCharges.giftId, giftId)).orderBy(monthlyGiftCharges.period);
async function succeededAtProvider(giftId: string, period: string) {
  const rows = await server.app.ctx.db
    .select()
    .from(sandboxCharges)
    .where(sql`${sandboxCharges.idempotencyKey} like ${`recurring:${giftId}:${period}:%`} and ${sandboxCharges.status} = 'succeeded'`);
  return rows.length;
}
async function postings(giftId: string, period: string) {
  const [row] = await server.app.ctx.database.query<{ n: number }>(
    "select count(*)::int as n from ledger_transactions where kind = 'monthly_gift' and idempotency_key = $1",
    [`recurring:${giftId}:${period}`],
  );
  return row!.n;
}
const receipts = async (email: string) => (await mailsTo(server, email)).filter((mail) => mail.kind === 'monthly-gift-receipt').length;

describe(`monthly giving: confirming a payment on the site (${testDriver})`, () => {
  it('links the e-mail to the confirmation page, shows what is to be paid to its owner only, and charges the month once when approved', async () => {
    const { person, giftId, chargeId, url } = await waitingMonth();
    const asked = (await mailsTo(server, person.email)).find((mail) => mail.kind === 'monthly-gift-action-required')!;
    expect(asked.text).toContain(`Confirm payment: ${server.app.ctx.config.publicUrl}/user/giving/${giftId}/confirm/${chargeId}`);

    const stranger = await signUp(server.url);
    expect((await stranger.client.get(`${url}/confirmation`)).status).toBe(404);
    expect((await stranger.client.post(`${url}/confirm`, { sandbox_outcome: 'approve' })).status).toBe(404);

    const view = await person.client.get(`${url}/confirmation`);
    expect(view.status).toBe(200);
    expect(view.data.data.confirmation).toMatchObject({
      amount: 30,
      tip: 2,
      due_at: '2027-09-01T00:00:00.000Z',
      status: 'action_required',
      provider: 'sandbox',
      stripe: null,
    });

    const missing = await person.client.post(`${url}/confirm`, {});
    expect(missing.status).toBe(400);
    expect(missing.data.errors?.sandbox_outcome ?? missing.data.message).toBeTruthy();
    const refused = await person.client.post(`${url}/confirm`, { sandbox_outcome: 'fail' });
    expect(refused.status).toBe(200);
    expect(refused.data.message).toBe(
      'Your bank did not confirm the payment, so nothing was charged. You can try again, or choose another card under My Giving.',
    );
    expect(refused.data.data.confirmation.status).toBe('action_required');
    expect(await succeededAtProvider(giftId, '2027-09')).toBe(0);

    const before = await receipts(person.email);
    const approved = await person.client.post(`${url}/confirm`, { sandbox_outcome: 'approve' });
    expect(approved.status).toBe(200);
    const charity = approved.data.data.confirmation.charity_name as string;
    expect(approved.data.message).toBe(`Thank you! Your card was charged $32.00 for your monthly gift to ${charity} due on Sep 1, 2027.`);
    expect(approved.data.data.confirmation).toMatchObject({ status: 'charged' });
    const again = await person.client.post(`${url}/confirm`, { sandbox_outcome: 'approve' });
    expect(again.data.message).toBe(`This month’s gift to ${charity} was already charged ($32.00); nothing more was charged.`);

    expect(await succeededAtProvider(giftId, '2027-09')).toBe(1);
    expect(await postings(giftId, '2027-09')).toBe(1);
    expect(await receipts(person.email)).toBe(before + 1);
    await expectMoneyAgrees(server);
  });

  it(`${RACERS} confirmations at once (double clicks, two tabs) charge, book and receipt the month once`, { timeout: 120_000 }, async () => {
    const { person, giftId, url } = await waitingMonth();
    const before = await receipts(person.email);
    const answers = await Promise.all(Array.from({ length: RACERS }, () => person.client.post(`${url}/confirm`, { sandbox_outcome: 'approve' })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(RACERS).fill(200));
    const told = answers.map((answer) => answer.data.message as string);
    expect(told.filter((text) => text.startsWith('Thank you! Your card was charged $32.00'))).toHaveLength(1);
    // The others are told the truth: already charged, or still being confirmed by the first.
    for (const text of told.filter((text) => !text.startsWith('Thank you!'))) expect(text).toMatch(/already charged|already being confirmed/);
    expect(await succeededAtProvider(giftId, '2027-09')).toBe(1);
    expect(await postings(giftId, '2027-09')).toBe(1);
    expect(await receipts(person.email)).toBe(before + 1);
    await expectMoneyAgrees(server);
  });

  it('a confirmation racing a card change charges the month once, on one of the two', { timeout: 120_000 }, async () => {
    const { person, giftId, url } = await waitingMonth();
    const visa = await saveCard(person.client, CARDS.visa);
    const [confirmed, changed] = await Promise.all([
      person.client.post(`${url}/confirm`, { sandbox_outcome: 'approve' }),
      person.client.put(`/api/monthly-gifts/${giftId}/card`, { payment_method_id: visa }),
    ]);
    expect(confirmed.status).toBe(200);
    expect(changed.status).toBe(200);
    // Whichever came second finds the month charged (or, after a card change, tries it once more on the new card).
    await runMonthlyGifts(server.app.ctx, [giftId]);
    const [, month] = await chargesOf(giftId);
    expect(month!.status).toBe('charged');
    expect(await succeededAtProvider(giftId, '2027-09')).toBe(1);
    expect(await postings(giftId, '2027-09')).toBe(1);
    // A confirmation after the card change charged the month finds nothing to confirm, and cannot approve the closed charge.
    const late = await person.client.post(`${url}/confirm`, { sandbox_outcome: 'approve' });
    expect(late.data.message).toMatch(/already charged/);
    expect(await succeededAtProvider(giftId, '2027-09')).toBe(1);
    await expectMoneyAgrees(server);
  });

  it('a card change first closes the waiting charge: the month is charged on the new card and the old charge can no longer be approved', async () => {
    const { person, giftId, chargeId } = await waitingMonth();
    const [, waiting] = await chargesOf(giftId);
    const changed = await person.client.put(`/api/monthly-gifts/${giftId}/card`, { payment_method_id: await saveCard(person.client, CARDS.visa) });
    expect(changed.data.message).toMatch(/the unpaid charge went through on it/);
    const provider = server.app.ctx.payments;
    if (provider.name !== 'sandbox') throw new Error('sandbox expected');
    const [sandbox] = await server.app.ctx.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, waiting!.providerChargeRef!));
    const late = await (provider as typeof provider & { authenticateCharge(ref: string, outcome: 'approve'): Promise<{ ok: boolean }> }).authenticateCharge(
      sandbox!.id,
      'approve',
    );
    expect(late.ok).toBe(false);
    expect(await succeededAtProvider(giftId, '2027-09')).toBe(1);
    expect((await chargesOf(giftId)).find((row) => row.id === chargeId)!.status).toBe('charged');
    await expectMoneyAgrees(server);
  });
});
