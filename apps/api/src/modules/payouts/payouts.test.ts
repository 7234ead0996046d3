import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAYOUT_MESSAGES, centsToDollars } from '@pledgeway/domain';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { auditLog } from '../audit/tables.ts';
import { accountBalance, expectBooksBalanced, liveCampaign, pledgeFrom } from '../../test/money.ts';
import { adminClient } from '../../test/factories.ts';

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
});
afterAll(async () => server.close());

/** A campaign charged in full: its charity has money payable. */
async function chargedCampaign() {
  const creator = await signUp(server.url);
  const event = await liveCampaign(server, creator, admin);
  await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 20_000, tipPercent: 10 });
  expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
  expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
  await server.app.ctx.jobs.drain();
  return { event, creator, charityId: event.charityId! };
}

describe('payouts', () => {
  it('shows what each charity is owed, records a payout up to that, and the campaign page shows what was passed on', async () => {
    const { event, creator, charityId } = await chargedCampaign();
    expect((await creator.client.get('/api/admin/payouts')).status).toBe(403);
    expect((await new TestClient(server.url).get('/api/admin/payouts')).status).toBe(401);

    const payableCents = await accountBalance(server, 'charity_payable', { charityId });
    expect(payableCents).toBeGreaterThan(0);
    const listed = (await admin.get('/api/admin/payouts')).data.data.charities.find((row: { charity_id: string }) => row.charity_id === charityId);
    expect(listed).toMatchObject({ payable: centsToDollars(payableCents), paid: 0, history: [] });
    expect((await creator.client.get(`/api/events/show/${event.id}`)).data.passed_on).toBe(0);

    const tooMuch = await admin.post('/api/admin/payouts', {
      charity_id: charityId,
      amount: centsToDollars(payableCents + 1),
      reference: 'ACH-1',
      paid_on: '2026-11-23',
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.data.message).toContain(PAYOUT_MESSAGES.moreThanPayable);
    expect((await admin.post('/api/admin/payouts', { charity_id: charityId, amount: 10, reference: '', paid_on: '2026-11-23' })).status).toBe(400);

    const paid = await admin.post('/api/admin/payouts', { charity_id: charityId, amount: 100, reference: 'ACH-2', paid_on: '2026-11-23' });
    expect(paid.status, JSON.stringify(paid.data)).toBe(201);
    expect(paid.data.data.charity).toMatchObject({ payable: centsToDollars(payableCents - 10_000), paid: 100 });
    expect(paid.data.data.charity.history).toHaveLength(1);
    expect(await accountBalance(server, 'charity_paid', { charityId })).toBe(10_000);
    expect(await server.app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, paid.data.data.payout._id))).toHaveLength(1);
    expect((await creator.client.get(`/api/events/show/${event.id}`)).data.passed_on).toBe(100);
    await expectBooksBalanced(server);
  });

  it('two payouts at once never pass on more than is payable', { tags: ['concurrency'] }, async () => {
    const { charityId } = await chargedCampaign();
    const payableCents = await accountBalance(server, 'charity_payable', { charityId });
    const share = centsToDollars(Math.floor(payableCents * 0.6));
    const results = await Promise.all(
      ['A', 'B'].map((reference) => admin.post('/api/admin/payouts', { charity_id: charityId, amount: share, reference, paid_on: '2026-11-23' })),
    );
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
    expect(await accountBalance(server, 'charity_payable', { charityId })).toBeGreaterThanOrEqual(0);
    await expectBooksBalanced(server);
  });
});
