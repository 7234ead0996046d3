// @module-tag concurrency
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONTHLY_MESSAGES } from '@pledgeway/domain';
import { ledgerEntries, ledgerTransactions } from '../../db/schema.ts';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { sandboxCharges } from '../../providers/payments/tables.ts';
import { signUp } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { expectMoneyAgrees } from '../../money-matrix/test-money-checks.ts';
import { runMonthlyGifts } from './schedule.ts';
import { monthlyGiftCharges, monthlyGifts } from './tables.ts';
import { CARDS, saveCard } from '../../test/money.ts';
import { firstCharityId, mailsTo } from '../../test/factories.ts';

let server: TestServer;
let clock: TestClock;
let charityId: string;

beforeAll(async () => {
  server = await startTestServer();
  // Jan 31, 2027, 10:00 UTC: a gift on the 31st falls on Feb 28 next.
  clock = createTestClock(new Date('2027-01-31T10:00:00Z'));
  server.app.ctx.clock = clock;
  charityId = await firstCharityId(server);
});
afterAll(async () => server.close());

async function supporter(card: string = CARDS.visa) {
  const person = await signUp(server.url);
  return { ...person, cardId: await saveCard(person.client, card) };
}

async function start(person: Awaited<ReturnType<typeof supporter>>, body: Record<string, unknown> = {}) {
  return person.client.post(`/api/charities/${charityId}/monthly-gifts`, { amount: 25, tip: 2, payment_method_id: person.cardId, ...body });
}

const chargesOf = (giftId: string) =>
  server.app.ctx.db.select().from(monthlyGiftCharges).where(eq(monthlyGiftCharges.giftId, giftId)).orderBy(monthlyGiftCharges.period);
const giftRow = async (giftId: string) => (await server.app.ctx.db.select().from(monthlyGifts).where(eq(monthlyGifts.id, giftId)))[0]!;
async function providerCharges(giftId: string) {
  const rows = await server.app.ctx.db
    .select()
    .from(sandboxCharges)
    .where(sql`${sandboxCharges.idempotencyKey} like ${`recurring:${giftId}:%`}`);
  return { all: rows.length, succeeded: rows.filter((row) => row.status === 'succeeded').length };
}
async function postingsOf(giftId: string) {
  const [row] = await server.app.ctx.database.query<{ n: number }>(
    "select count(*)::int as n from ledger_transactions where kind = 'monthly_gift' and idempotency_key like $1",
    [`recurring:${giftId}:%`],
  );
  return row!.n;
}
/** Moves the clock to `iso` and runs the schedule, as the hourly job would. */
async function at(iso: string) {
  clock.set(new Date(iso));
  return runMonthlyGifts(server.app.ctx);
}

describe('monthly giving: start', () => {
  it('charges this month at once, books it to the cent under the period key, e-mails a receipt, and names the next date', async () => {
    clock.set(new Date('2027-01-31T10:00:00Z'));
    const person = await supporter();
    const started = await start(person);
    expect(started.status, JSON.stringify(started.data)).toBe(201);
    const gift = started.data.data.gift;
    expect(started.data.message).toBe(
      `Thank you! Your payment method was charged $27.00 for this month’s gift to ${gift.charity_name}. The next charge is on Feb 28, 2027.`,
    );
    expect(gift).toMatchObject({ amount: 25, tip: 2, charge_day: 31, status: 'active', next_charge_at: '2027-02-28T00:00:00.000Z' });
    expect(gift.charges).toHaveLength(1);
    expect(gift.charges[0]).toMatchObject({ period: '2027-01', status: 'charged', amount: 25, tip: 2 });

    const [transaction] = await server.app.ctx.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `recurring:${gift._id}:2027-01`));
    expect(transaction!.kind).toBe('monthly_gift');
    const entries = await server.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, transaction!.id));
    // $27.00 charged; the sandbox's fee 2.9% + 30¢ = $1.08, shared: the tip's 8¢ (108 × 200 / 2700 = 8.0), the gift's $1.00.
    expect(Object.fromEntries(entries.map((entry) => [entry.account, entry.amountCents]))).toEqual({
      donor_card: -2_700,
      card_processing_fees: 108,
      tips_revenue: 192,
      charity_payable: 2_400,
    });
    const mails = await mailsTo(server, person.email);
    const receipt = mails.find((mail) => mail.kind === 'monthly-gift-receipt')!;
    expect(receipt.text).toContain('Your payment method was charged $27.00 ($25.00 gift and $2.00 tip to Pledgeway) for the charge of Jan 31, 2027.');
    expect(receipt.text).toContain('The next charge is $27.00 on Feb 28, 2027.');
    await expectMoneyAgrees(server);
  });

  it('starts one gift per charity, refuses bad input, a card not the supporter’s, and a declined first card, charging nothing more', async () => {
    const person = await supporter();
    expect((await start(person, { charge_day: 5 })).status).toBe(201);
    const again = await start(person);
    expect(again.status).toBe(409);
    expect(again.data.message).toBe(MONTHLY_MESSAGES.alreadyGiving);

    const bad = await start(await supporter(), { amount: 0.5, tip: -1, charge_day: 32 });
    expect(bad.status).toBe(400);
    expect(bad.data.fields).toMatchObject({ amount: MONTHLY_MESSAGES.amountMin, tip: MONTHLY_MESSAGES.tipMin, charge_day: MONTHLY_MESSAGES.chargeDay });

    const stranger = await supporter();
    const notMine = await stranger.client.post(`/api/charities/${charityId}/monthly-gifts`, { amount: 10, payment_method_id: person.cardId });
    expect(notMine.status).toBe(404);
    expect(notMine.data.message).toBe(MONTHLY_MESSAGES.cardNotFound);

    const declined = await supporter(CARDS.declined);
    const refused = await start(declined);
    expect(refused.status).toBe(422);
    expect(refused.data.message).toBe('Your card was declined.');
    const [gift] = await server.app.ctx.db.select().from(monthlyGifts).where(eq(monthlyGifts.userId, declined.user._id));
    expect(gift!.status).toBe('cancelled');
    expect((await mailsTo(server, declined.email)).filter((mail) => mail.kind === 'monthly-gift-receipt')).toEqual([]);
    // The declined start is not running: the supporter may start again with another card.
    const other = await saveCard(declined.client);
    expect((await start(declined, { payment_method_id: other })).status).toBe(201);
    await expectMoneyAgrees(server);
  });
});

describe('monthly giving: renewals', () => {
  it('charges each month once on its day (the month’s last day in shorter months), a year of them', { timeout: 180_000 }, async () => {
    clock.set(new Date('2027-01-31T10:00:00Z'));
    const person = await supporter();
    const gift = (await start(person, { amount: 10, tip: 0 })).data.data.gift;
    const expected = ['2027-01-31'];
    for (let month = 1; month <= 12; month += 1) {
      const due = new Date(Date.UTC(2027, month + 1, 0));
      const day = due.toISOString().slice(0, 10);
      // The hour before the charge date charges nothing; twice on the day charges once.
      await at(new Date(due.getTime() - 3_600_000).toISOString());
      expect((await chargesOf(gift._id)).length).toBe(expected.length);
      await at(`${day}T00:30:00Z`);
      await at(`${day}T05:00:00Z`);
      expected.push(day);
    }
    const charges = await chargesOf(gift._id);
    expect(charges.map((charge) => charge.dueAt.toISOString().slice(0, 10))).toEqual(expected);
    expect(charges.every((charge) => charge.status === 'charged')).toBe(true);
    expect(await providerCharges(gift._id)).toEqual({ all: 13, succeeded: 13 });
    expect(await postingsOf(gift._id)).toBe(13);
    expect((await giftRow(gift._id)).nextChargeAt!.toISOString()).toBe('2028-02-29T00:00:00.000Z');
    // The giving statement lists each month's charge in its year.
    const years = await person.client.get('/api/me/statements');
    expect(years.data.data.years).toEqual([
      { year: 2028, given: 10, tips: 0, returned: 0, charges: 1 },
      { year: 2027, given: 120, tips: 0, returned: 0, charges: 12 },
    ]);
    const pdf = await person.client.request('GET', '/api/me/statements/2027.pdf');
    expect(pdf.status).toBe(200);
    await expectMoneyAgrees(server);
  });

  it('retries a declined renewal 3 and 7 days after its date with an Update payment method link, then pauses the gift; a new card charges that month once', async () => {
    clock.set(new Date('2027-03-10T09:00:00Z'));
    const person = await supporter();
    const gift = (await start(person, { amount: 20, tip: 0, charge_day: 15 })).data.data.gift;
    const bad = await saveCard(person.client, CARDS.declined);
    expect((await person.client.put(`/api/monthly-gifts/${gift._id}/card`, { payment_method_id: bad })).status).toBe(200);

    await at('2027-04-15T01:00:00Z');
    let [, april] = await chargesOf(gift._id);
    expect(april).toMatchObject({ period: '2027-04', status: 'failed', attempt: 0 });
    expect(april!.nextRetryAt!.toISOString()).toBe('2027-04-18T00:00:00.000Z');
    const declined = (await mailsTo(server, person.email)).find((mail) => mail.kind === 'monthly-gift-declined')!;
    expect(declined.text).toContain('We could not charge $20.00 for your monthly gift');
    expect(declined.text).toContain('due on Apr 15, 2027: Your card was declined.');
    expect(declined.text).toContain('We will try again on Apr 18, 2027.');
    expect(declined.text).toContain(`/user/giving?gift=${gift._id}`);

    await at('2027-04-17T23:00:00Z');
    expect((await chargesOf(gift._id))[1]!.attempt).toBe(0);
    await at('2027-04-18T01:00:00Z');
    [, april] = await chargesOf(gift._id);
    expect(april).toMatchObject({ status: 'failed', attempt: 1 });
    expect(april!.nextRetryAt!.toISOString()).toBe('2027-04-22T00:00:00.000Z');
    await at('2027-04-22T01:00:00Z');
    [, april] = await chargesOf(gift._id);
    expect(april).toMatchObject({ status: 'abandoned', attempt: 2 });
    expect(await giftRow(gift._id)).toMatchObject({ status: 'payment_failed', nextChargeAt: null });
    const paused = (await mailsTo(server, person.email)).find((mail) => mail.kind === 'monthly-gift-paused')!;
    expect(paused.text).toContain('We tried three times to charge $20.00 for your monthly gift');
    // Paused: May's date passes without a charge.
    await at('2027-05-16T01:00:00Z');
    expect(await chargesOf(gift._id)).toHaveLength(2);

    const good = await saveCard(person.client);
    const changed = await person.client.put(`/api/monthly-gifts/${gift._id}/card`, { payment_method_id: good });
    expect(changed.status).toBe(200);
    expect(changed.data.message).toBe('Your monthly gift will be charged to Visa •••• 4242, and the unpaid charge went through on it.');
    expect(changed.data.data.gift).toMatchObject({ status: 'active', next_charge_at: '2027-06-15T00:00:00.000Z' });
    [, april] = await chargesOf(gift._id);
    expect(april).toMatchObject({ status: 'charged', attempt: 3 });
    await at('2027-05-20T01:00:00Z');
    expect(await providerCharges(gift._id)).toEqual({ all: 5, succeeded: 2 });
    expect(await postingsOf(gift._id)).toBe(2);
    await expectMoneyAgrees(server);
  });

  it('a card changed during the retries charges the month at once and once; the scheduled retry then charges nothing', async () => {
    clock.set(new Date('2027-06-02T09:00:00Z'));
    const person = await supporter();
    const gift = (await start(person, { amount: 12, tip: 1, charge_day: 3 })).data.data.gift;
    await person.client.put(`/api/monthly-gifts/${gift._id}/card`, { payment_method_id: await saveCard(person.client, CARDS.declined) });
    await at('2027-07-03T01:00:00Z');
    expect((await chargesOf(gift._id))[1]).toMatchObject({ status: 'failed' });
    clock.set(new Date('2027-07-04T12:00:00Z'));
    const changed = await person.client.put(`/api/monthly-gifts/${gift._id}/card`, { payment_method_id: await saveCard(person.client) });
    expect(changed.status).toBe(200);
    expect((await chargesOf(gift._id))[1]).toMatchObject({ status: 'charged', attempt: 1 });
    await at('2027-07-06T01:00:00Z');
    await at('2027-07-10T01:00:00Z');
    expect(await providerCharges(gift._id)).toEqual({ all: 3, succeeded: 2 });
    expect(await postingsOf(gift._id)).toBe(2);
    await expectMoneyAgrees(server);
  });

  it('a renewal the bank wants authenticated is not retried blindly: the supporter is asked, and a card chosen charges it once', async () => {
    clock.set(new Date('2027-08-01T09:00:00Z'));
    const person = await supporter();
    const gift = (await start(person, { amount: 30, tip: 0, charge_day: 1 })).data.data.gift;
    await person.client.put(`/api/monthly-gifts/${gift._id}/card`, { payment_method_id: await saveCard(person.client, CARDS.authenticationRequired) });
    await at('2027-09-01T01:00:00Z');
    expect((await chargesOf(gift._id))[1]).toMatchObject({ status: 'action_required', failureCode: 'authentication_required' });
    const asked = (await mailsTo(server, person.email)).find((mail) => mail.kind === 'monthly-gift-action-required')!;
    expect(asked.text).toContain('Your bank asked for your confirmation before charging $30.00 for your monthly gift');
    expect(asked.text).toContain('due on Sep 1, 2027, so nothing was charged.');
    await at('2027-09-05T01:00:00Z');
    await at('2027-09-09T01:00:00Z');
    expect(await providerCharges(gift._id)).toEqual({ all: 2, succeeded: 1 });
    const changed = await person.client.put(`/api/monthly-gifts/${gift._id}/card`, { payment_method_id: await saveCard(person.client) });
    expect(changed.status).toBe(200);
    expect((await chargesOf(gift._id))[1]).toMatchObject({ status: 'charged' });
    expect(await postingsOf(gift._id)).toBe(2);
    await expectMoneyAgrees(server);
  });
});

describe('monthly giving: the supporter’s changes', () => {
  it('changes the amount from the next charge, pauses, resumes and cancels, each confirmed with dates and amounts on screen and by e-mail', async () => {
    clock.set(new Date('2027-10-10T09:00:00Z'));
    const person = await supporter();
    const gift = (await start(person, { amount: 15, tip: 0 })).data.data.gift;
    expect(gift.next_charge_at).toBe('2027-11-10T00:00:00.000Z');

    const amount = await person.client.put(`/api/monthly-gifts/${gift._id}/amount`, { amount: 40, tip: 4 });
    expect(amount.status).toBe(200);
    expect(amount.data.message).toBe('From the charge on Nov 10, 2027, your monthly gift is $44.00 ($40.00 gift and $4.00 tip).');
    await at('2027-11-10T01:00:00Z');
    expect((await chargesOf(gift._id)).map((charge) => [charge.period, charge.amountCents, charge.tipCents, charge.status])).toEqual([
      ['2027-10', 1_500, 0, 'charged'],
      ['2027-11', 4_000, 400, 'charged'],
    ]);

    const pause = await person.client.post(`/api/monthly-gifts/${gift._id}/pause`, { months: 2 });
    expect(pause.status).toBe(200);
    expect(pause.data.message).toBe('Your monthly gift is paused. The next charge is on Feb 10, 2028 ($44.00). Skipped: Dec 10, 2027, Jan 10, 2028.');
    expect((await person.client.post(`/api/monthly-gifts/${gift._id}/pause`, { months: 4 })).status).toBe(400);
    await at('2027-12-10T01:00:00Z');
    await at('2028-01-10T01:00:00Z');
    expect(await chargesOf(gift._id)).toHaveLength(2);
    clock.set(new Date('2028-01-20T09:00:00Z'));
    const resume = await person.client.post(`/api/monthly-gifts/${gift._id}/resume`);
    expect(resume.status).toBe(200);
    expect(resume.data.message).toBe('Your monthly gift is back on. The next charge is $44.00 on Feb 10, 2028.');
    await at('2028-02-10T01:00:00Z');
    expect((await chargesOf(gift._id)).map((charge) => charge.period)).toEqual(['2027-10', '2027-11', '2028-02']);

    clock.set(new Date('2028-02-11T09:00:00Z'));
    const cancel = await person.client.post(`/api/monthly-gifts/${gift._id}/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.data.message).toBe(`Your monthly gift to ${gift.charity_name} is cancelled. Nothing more will be charged.`);
    expect(cancel.data.data.gift).toMatchObject({ status: 'cancelled', next_charge_at: null });
    await at('2028-03-10T01:00:00Z');
    await at('2028-04-10T01:00:00Z');
    expect(await chargesOf(gift._id)).toHaveLength(3);
    expect((await person.client.put(`/api/monthly-gifts/${gift._id}/amount`, { amount: 5 })).status).toBe(409);

    const changes = (await mailsTo(server, person.email)).filter((mail) => mail.kind === 'monthly-gift-changed').map((mail) => mail.text);
    expect(changes.some((text) => text.includes('From the charge on Nov 10, 2027, your monthly gift is $44.00'))).toBe(true);
    expect(changes.some((text) => text.includes('The next charge is on Feb 10, 2028 ($44.00).'))).toBe(true);
    expect(changes.some((text) => text.includes('The next charge is $44.00 on Feb 10, 2028.'))).toBe(true);
    expect(changes.some((text) => text.includes('is cancelled. Nothing more will be charged.'))).toBe(true);

    const listed = await person.client.get('/api/monthly-gifts');
    expect(listed.data.data.gifts[0].charges.map((charge: { period: string }) => charge.period)).toEqual(['2028-02', '2027-11', '2027-10']);
    await expectMoneyAgrees(server);
  });

  it('is the supporter’s own: another user gets 404 and changes nothing', async () => {
    clock.set(new Date('2028-05-01T09:00:00Z'));
    const person = await supporter();
    const gift = (await start(person)).data.data.gift;
    const other = (await signUp(server.url)).client;
    for (const [method, path, body] of [
      ['PUT', 'amount', { amount: 1 }],
      ['PUT', 'card', { payment_method_id: person.cardId }],
      ['POST', 'pause', { months: 1 }],
      ['POST', 'resume', undefined],
      ['POST', 'cancel', undefined],
    ] as const) {
      const response = await other.request(method, `/api/monthly-gifts/${gift._id}/${path}`, body === undefined ? {} : { json: body });
      expect(response.status, path).toBe(404);
    }
    expect((await other.get('/api/monthly-gifts')).data.data.gifts).toEqual([]);
    expect(await giftRow(gift._id)).toMatchObject({ status: 'active', amountCents: 2_500 });
  });

  it('the sandbox lets a month pass for one gift at once', async () => {
    clock.set(new Date('2028-06-01T09:00:00Z'));
    const person = await supporter();
    const gift = (await start(person, { amount: 9, tip: 0 })).data.data.gift;
    const moved = await person.client.post(`/api/sandbox/monthly-gifts/${gift._id}/advance`);
    expect(moved.status).toBe(200);
    expect(moved.data.message).toBe('A month passed: the charge went through.');
    expect(moved.data.data.gift.charges.map((charge: { period: string; status: string }) => [charge.period, charge.status])).toEqual([
      ['2028-07', 'charged'],
      ['2028-06', 'charged'],
    ]);
    expect(moved.data.data.gift.next_charge_at).toBe('2028-08-01T00:00:00.000Z');
    await expectMoneyAgrees(server);
  });
});
