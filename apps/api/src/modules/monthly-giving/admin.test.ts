import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { signUp, type TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { runMonthlyGifts } from './schedule.ts';
import { CARDS, saveCard } from '../../test/money.ts';
import { adminClient } from '../../test/factories.ts';

/** The admin console's monthly giving: per charity, this month's expected and collected amounts to the cent, and the failing gifts. */
let server: TestServer;
let clock: TestClock;
let admin: TestClient;
let charities: { id: string; name: string }[];
beforeAll(async () => {
  server = await startTestServer();
  clock = createTestClock(new Date('2027-05-10T10:00:00Z'));
  server.app.ctx.clock = clock;
  admin = await adminClient(server);
  charities = await server.app.ctx.database.query<{ id: string; name: string }>('select id, name from charities where not hidden order by name limit 2');
});
afterAll(async () => server.close());

async function gift(body: { amount: number; tip?: number; charge_day?: number }, charity = charities[0]!) {
  const person = await signUp(server.url);
  const cardId = await saveCard(person.client);
  const started = await person.client.post(`/api/charities/${charity.id}/monthly-gifts`, { tip: 0, payment_method_id: cardId, ...body });
  expect(started.status, JSON.stringify(started.data)).toBe(201);
  return { ...person, giftId: started.data.data.gift._id as string };
}

async function moveToCard(person: Awaited<ReturnType<typeof gift>>, number: string) {
  const cardId = await saveCard(person.client, number);
  expect((await person.client.put(`/api/monthly-gifts/${person.giftId}/card`, { payment_method_id: cardId })).status).toBe(200);
}

async function at(iso: string) {
  clock.set(new Date(iso));
  await runMonthlyGifts(server.app.ctx);
  return (await admin.get('/api/admin/monthly-giving')).data.data;
}

describe('the admin console’s monthly giving', () => {
  it('shows per charity the gifts, this month’s expected and collected amounts, the failing gifts, and the dashboard its totals', async () => {
    const [first, second] = charities;
    const paid = await gift({ amount: 25, tip: 2.5, charge_day: 10 });
    await gift({ amount: 10.05, charge_day: 25 }, second);
    const declining = await gift({ amount: 15, charge_day: 10 });
    await moveToCard(declining, CARDS.declined);
    const asking = await gift({ amount: 5, charge_day: 10 });
    await moveToCard(asking, CARDS.authenticationRequired);
    const paused = await gift({ amount: 7, charge_day: 10 });
    expect((await paused.client.post(`/api/monthly-gifts/${paused.giftId}/pause`, { months: 1 })).status).toBe(200);

    // June 10: three months tried (one charged, one declined, one waiting for the bank); the 25th's not yet opened; the paused one skipped.
    const june = await at('2027-06-10T01:00:00Z');
    expect(june.totals).toEqual({ period: '2027-06', active_gifts: 4, monthly_recurring: 57.55, expected: 57.55, collected: 27.5, failing_gifts: 2 });
    expect(june.charities).toEqual([
      { charity_id: first!.id, charity_name: first!.name, active_gifts: 3, paused_gifts: 1, expected: 47.5, collected: 27.5 },
      { charity_id: second!.id, charity_name: second!.name, active_gifts: 1, paused_gifts: 0, expected: 10.05, collected: 0 },
    ]);
    const failing = (giftId: string, data = june) => data.failing.find((row: { gift_id: string }) => row.gift_id === giftId);
    expect(failing(declining.giftId)).toMatchObject({
      state: 'retrying',
      period: '2027-06',
      amount: 15,
      donor: { email: declining.email },
      next_retry_at: '2027-06-13T00:00:00.000Z',
      attempts: 1,
    });
    expect(failing(asking.giftId)).toMatchObject({ state: 'action_required', period: '2027-06', amount: 5, next_retry_at: null });
    expect(failing(paid.giftId)).toBeUndefined();

    const dashboard = (await admin.get('/api/admin/dashboard')).data.data;
    expect(dashboard.monthly_giving).toEqual(june.totals);

    // After the last retry the gift is paused after failure: still listed, its month still expected and not collected.
    await at('2027-06-13T01:00:00Z');
    const later = await at('2027-06-17T01:00:00Z');
    expect(failing(declining.giftId, later)).toMatchObject({ state: 'paused_after_failure', period: '2027-06', attempts: 3, next_retry_at: null });
    expect(later.totals).toMatchObject({ active_gifts: 3, monthly_recurring: 42.55, expected: 57.55, collected: 27.5 });

    // The 25th charges the second charity's gift: collected to the cent from its ledger posting.
    const end = await at('2027-06-25T01:00:00Z');
    expect(end.charities.find((row: { charity_id: string }) => row.charity_id === second!.id)).toMatchObject({ expected: 10.05, collected: 10.05 });
  });

  it('is for admins only', async () => {
    const person = await signUp(server.url);
    expect((await person.client.get('/api/admin/monthly-giving')).status).toBe(403);
  });
});
