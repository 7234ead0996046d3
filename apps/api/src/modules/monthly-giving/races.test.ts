// @module-tag concurrency
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { sandboxCharges } from '../../providers/payments/tables.ts';
import { signUp } from '../../test/client.ts';
import { startTestServer, testDriver, type TestServer } from '../../test/harness.ts';
import { firstCharityId } from '../../test/factories.ts';
import { expectMoneyAgrees } from '../../money-matrix/test-money-checks.ts';
import { ATTEMPT_LEASE_MS } from '../../lib/attempt-lease.ts';
import { attemptKey } from './postings.ts';
import { runMonthlyGifts } from './schedule.ts';
import { monthlyGiftCharges, monthlyGifts } from './tables.ts';
import { CARDS, saveCard } from '../../test/money.ts';

/**
 * Monthly giving under races (decision 140), in the concurrency matrix's sense: on PostgreSQL the
 * runs truly race on their own connections, as two instances' schedules do (they share nothing but
 * the database); on PGlite they interleave. Each period is charged once and the books agree after each.
 */
let server: TestServer;
let clock: TestClock;
let charityId: string;
const RACERS = 8;

beforeAll(async () => {
  server = await startTestServer();
  clock = createTestClock(new Date('2027-03-05T10:00:00Z'));
  server.app.ctx.clock = clock;
  charityId = await firstCharityId(server);
});
afterAll(async () => server.close());

/** `count` supporters' gifts started through the API on Mar 5, 2027 (charge day 5), so April's period is due on Apr 5. */
async function gifts(count: number, card: string = CARDS.visa): Promise<{ ids: string[]; clients: Awaited<ReturnType<typeof signUp>>['client'][] }> {
  clock.set(new Date('2027-03-05T10:00:00Z'));
  const made = await Promise.all(
    Array.from({ length: count }, async () => {
      const person = await signUp(server.url);
      const cardId = await saveCard(person.client, card);
      const started = await person.client.post(`/api/charities/${charityId}/monthly-gifts`, { amount: 11, tip: 1, payment_method_id: cardId });
      expect(started.status, JSON.stringify(started.data)).toBe(201);
      return { id: started.data.data.gift._id as string, client: person.client };
    }),
  );
  return { ids: made.map((gift) => gift.id), clients: made.map((gift) => gift.client) };
}

async function perPeriod(ids: string[]) {
  const rows = await server.app.ctx.database.query<{ key: string; n: number }>(
    `select regexp_replace(idempotency_key, ':[0-9]+$', '') as key, count(*)::int as n from sandbox_charges
      where status = 'succeeded' and idempotency_key like 'recurring:%' group by 1`,
  );
  const wanted = new Set(ids);
  return rows.filter((row) => wanted.has(row.key.split(':')[1]!));
}

describe(`monthly giving races (${testDriver})`, () => {
  it(`${RACERS} schedule runs at once (two instances and more) charge each period once`, { timeout: 180_000 }, async () => {
    const { ids } = await gifts(12);
    clock.set(new Date('2027-04-05T00:30:00Z'));
    const results = await Promise.all(Array.from({ length: RACERS }, () => runMonthlyGifts(server.app.ctx, ids)));
    expect(results.reduce((sum, result) => sum + result.charged, 0)).toBe(12);
    expect(results.reduce((sum, result) => sum + result.opened, 0)).toBe(12);
    const counted = await perPeriod(ids);
    expect(counted).toHaveLength(24);
    expect(counted.filter((row) => row.n !== 1)).toEqual([]);
    await expectMoneyAgrees(server);
  });

  it('a worker killed mid-charge: its claim holds others off for the lease, then the attempt is taken over with its key and booked once', async () => {
    const { ids } = await gifts(1);
    const [giftId] = ids;
    clock.set(new Date('2027-04-05T01:00:00Z'));
    // The dead worker: it opened April, claimed it and reached the provider, then died before recording.
    const [gift] = await server.app.ctx.db.select().from(monthlyGifts).where(eq(monthlyGifts.id, giftId!));
    const [april] = await server.app.ctx.db
      .insert(monthlyGiftCharges)
      .values({
        giftId: giftId!,
        period: '2027-04',
        dueAt: gift!.nextChargeAt!,
        amountCents: 1_100,
        tipCents: 100,
        paymentMethodId: gift!.paymentMethodId,
        attemptStartedAt: clock.now(),
        attemptFirstClaimedAt: clock.now(),
      })
      .returning();
    await server.app.ctx.db
      .update(monthlyGifts)
      .set({ nextPeriod: '2027-05', nextChargeAt: new Date('2027-05-05T00:00:00Z') })
      .where(eq(monthlyGifts.id, giftId!));
    const [method] = await server.app.ctx.database.query<{ customer: string; method: string }>(
      'select provider_customer_ref as customer, provider_method_ref as method from payment_methods where id = $1',
      [gift!.paymentMethodId],
    );
    const sent = await server.app.ctx.payments.charge({
      customerRef: method!.customer,
      methodRef: method!.method,
      amountCents: 1_200,
      idempotencyKey: attemptKey(giftId!, '2027-04', 0),
    });
    expect(sent.ok).toBe(true);

    // Within the lease every run leaves it alone.
    const held = await Promise.all(Array.from({ length: 4 }, () => runMonthlyGifts(server.app.ctx, [giftId!])));
    expect(held.reduce((sum, result) => sum + result.charged, 0)).toBe(0);
    expect((await server.app.ctx.db.select().from(monthlyGiftCharges).where(eq(monthlyGiftCharges.id, april!.id)))[0]!.status).toBe('pending');

    clock.advance(ATTEMPT_LEASE_MS + 1_000);
    const taken = await Promise.all(Array.from({ length: 4 }, () => runMonthlyGifts(server.app.ctx, [giftId!])));
    expect(taken.reduce((sum, result) => sum + result.charged, 0)).toBe(1);
    const [booked] = await server.app.ctx.db.select().from(monthlyGiftCharges).where(eq(monthlyGiftCharges.id, april!.id));
    expect(booked).toMatchObject({ status: 'charged', providerChargeRef: sent.ref, attemptStartedAt: null });
    const charges = await server.app.ctx.db
      .select()
      .from(sandboxCharges)
      .where(sql`${sandboxCharges.idempotencyKey} like ${`recurring:${giftId}:2027-04%`}`);
    expect(charges).toHaveLength(1);
    await expectMoneyAgrees(server);
  });

  it('a cancel racing the renewal: the month is charged once or not at all, and nothing after the cancel', { timeout: 180_000 }, async () => {
    const { ids, clients } = await gifts(10);
    clock.set(new Date('2027-04-05T00:30:00Z'));
    const [cancels] = await Promise.all([
      Promise.all(ids.map((id, nth) => clients[nth]!.post(`/api/monthly-gifts/${id}/cancel`))),
      Promise.all(Array.from({ length: 3 }, () => runMonthlyGifts(server.app.ctx, ids))),
    ]);
    expect(cancels.map((answer) => answer.status)).toEqual(ids.map(() => 200));
    clock.set(new Date('2027-05-06T00:30:00Z'));
    await runMonthlyGifts(server.app.ctx, ids);
    const counted = await perPeriod(ids);
    expect(counted.filter((row) => row.n !== 1)).toEqual([]);
    expect(counted.filter((row) => !row.key.endsWith('2027-03') && !row.key.endsWith('2027-04'))).toEqual([]);
    const rows = await server.app.ctx.db.select().from(monthlyGiftCharges).where(inArray(monthlyGiftCharges.giftId, ids));
    // Whatever the race's order, nothing is left waiting to be charged on a cancelled gift.
    expect(rows.filter((row) => row.status === 'pending' || row.status === 'failed')).toEqual([]);
    const gifted = await server.app.ctx.db.select().from(monthlyGifts).where(inArray(monthlyGifts.id, ids));
    expect(gifted.every((gift) => gift.status === 'cancelled' && gift.nextChargeAt === null)).toBe(true);
    await expectMoneyAgrees(server);
  });

  it('a card changed while the retry runs: the month is charged once', { timeout: 180_000 }, async () => {
    const { ids, clients } = await gifts(6);
    // Every gift moves to a declining card, April declines, and its retry is due on Apr 8.
    const goodCards = await Promise.all(
      clients.map(async (client, nth) => {
        await client.put(`/api/monthly-gifts/${ids[nth]}/card`, { payment_method_id: await saveCard(client, CARDS.declined) });
        return saveCard(client);
      }),
    );
    clock.set(new Date('2027-04-05T00:30:00Z'));
    await runMonthlyGifts(server.app.ctx, ids);
    clock.set(new Date('2027-04-08T00:30:00Z'));
    const [changes] = await Promise.all([
      Promise.all(ids.map((id, nth) => clients[nth]!.put(`/api/monthly-gifts/${id}/card`, { payment_method_id: goodCards[nth] }))),
      Promise.all(Array.from({ length: 3 }, () => runMonthlyGifts(server.app.ctx, ids))),
    ]);
    expect(changes.map((answer) => answer.status)).toEqual(ids.map(() => 200));
    // Whatever was in flight settles by the next run.
    clock.advance(ATTEMPT_LEASE_MS + 1_000);
    await runMonthlyGifts(server.app.ctx, ids);
    const april = await server.app.ctx.db.select().from(monthlyGiftCharges).where(inArray(monthlyGiftCharges.giftId, ids));
    expect(april.filter((row) => row.period === '2027-04').map((row) => row.status)).toEqual(ids.map(() => 'charged'));
    const counted = await perPeriod(ids);
    expect(counted).toHaveLength(12);
    expect(counted.filter((row) => row.n !== 1)).toEqual([]);
    await expectMoneyAgrees(server);
  });
});
