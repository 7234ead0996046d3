// @module-tag concurrency
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAISE_MESSAGES, quotePledge } from '@pledgeway/domain';
import { pledges } from '../../db/schema.ts';
import { signUp, type TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { pledgeRaises } from './tables.ts';
import { adminClient, createCampaign, pledgeRow } from '../../test/factories.ts';
import { expectBooksBalanced, liveCampaign, pledgeFrom } from '../../test/money.ts';

/**
 * Raises are a read-check-write on one pledge row: these run on PostgreSQL too (API_TEST_DRIVER=
 * postgres), where requests really interleave; the embedded database serialises them.
 */
let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
});
afterAll(async () => server.close());

function raise(client: TestClient, pledgeId: string, amount: number, key: string) {
  return client.request('POST', `/api/pledges/${pledgeId}/raise`, { json: { amount, tip_percent: 0 }, headers: { 'idempotency-key': key } });
}

async function historyOf(pledgeId: string) {
  return server.app.ctx.db
    .select()
    .from(pledgeRaises)
    .where(eq(pledgeRaises.pledgeId, pledgeId))
    .orderBy(asc(pledgeRaises.createdAt), asc(pledgeRaises.fromAmountCents));
}

describe('concurrent raises of one pledge', () => {
  it('apply one after the other: the pledge ends at the highest amount and every accepted raise starts where the last one ended', async () => {
    const host = await signUp(server.url);
    const supporter = await signUp(server.url);
    const campaign = await createCampaign(server.app, host.user._id, { status: 'approved' });
    const { pledge } = await pledgeFrom(server, supporter, campaign.id, { amountCents: 1_000 });
    // Amounts in a scrambled order, so some arrive after a higher one and must be refused.
    const amounts = [37, 12, 45, 20, 33, 41, 15, 28, 49, 24, 18, 30, 43, 26, 39, 22, 47, 35, 14, 31];

    const answers = await Promise.all(amounts.map((amount, index) => raise(supporter.client, pledge.id, amount, `race-${index}`)));

    for (const answer of answers) expect([200, 400], JSON.stringify(answer.data)).toContain(answer.status);
    const accepted = answers.filter((answer) => answer.status === 200);
    for (const refused of answers.filter((answer) => answer.status === 400))
      expect(refused.data.message).toMatch(/^Your new pledge must be higher than your current pledge of \$/);
    expect((await pledgeRow(server, pledge.id)).amountCents).toBe(4_900);

    const history = await historyOf(pledge.id);
    expect(history).toHaveLength(accepted.length);
    // A chain from 10 to 49: each raise went up from exactly where the previous one left the pledge.
    const chain = [...history].sort((a, b) => a.fromAmountCents - b.fromAmountCents);
    expect(chain[0]!.fromAmountCents).toBe(1_000);
    for (let index = 1; index < chain.length; index += 1) expect(chain[index]!.fromAmountCents).toBe(chain[index - 1]!.toAmountCents);
    expect(chain.at(-1)!.toAmountCents).toBe(4_900);
    expect(new Set(accepted.map((answer) => answer.data.data.pledge.breakdown.amount))).toEqual(new Set(chain.map((row) => row.toAmountCents / 100)));
  });

  it('sent ten times at once with one Idempotency-Key, raises once and answers each the same', async () => {
    const host = await signUp(server.url);
    const supporter = await signUp(server.url);
    const campaign = await createCampaign(server.app, host.user._id, { status: 'approved' });
    const { pledge } = await pledgeFrom(server, supporter, campaign.id, { amountCents: 1_000 });

    const answers = await Promise.all(Array.from({ length: 10 }, () => raise(supporter.client, pledge.id, 75, 'one-click')));

    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.data.data))).size).toBe(1);
    expect(await historyOf(pledge.id)).toHaveLength(1);
    expect((await pledgeRow(server, pledge.id)).amountCents).toBe(7_500);
  });
});

describe('a raise racing the end of the campaign', () => {
  it.each([1, 2, 3])('is charged at the amount the pledge had when the run began, never a mix (round %i)', async () => {
    const creator = await signUp(server.url);
    const supporter = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const { pledge } = await pledgeFrom(server, supporter, event.id, { amountCents: 2_000 });

    const [raised, completed] = await Promise.all([
      raise(supporter.client, pledge.id, 90, `end-race-${pledge.id}`),
      creator.client.post(`/api/events/${event.id}/complete`),
    ]);
    expect(completed.status).toBe(200);
    // Either the raise committed before the campaign completed, or it saw the completed campaign.
    if (raised.status !== 200) {
      expect(raised.status).toBe(409);
      expect(raised.data.message).toBe(RAISE_MESSAGES.notLive);
    }
    const charge = await admin.post(`/api/admin/events/${event.id}/charge`);
    expect(charge.status).toBe(201);
    await server.app.ctx.jobs.drain();

    const after = await pledgeRow(server, pledge.id);
    const amountCents = raised.status === 200 ? 9_000 : 2_000;
    const quote = quotePledge({ amountCents, tipPercent: 0, coverFees: false, isCreator: false });
    expect(after).toMatchObject({ status: 'charged', amountCents, chargedCents: quote.totalCents, platformFeeCents: quote.platformFeeCents });
    // A raise after the run began would have had to be refused.
    expect((await raise(supporter.client, pledge.id, 95, `late-${pledge.id}`)).status).toBe(409);
    expect((await server.app.ctx.db.select().from(pledges).where(eq(pledges.id, pledge.id)))[0]!.amountCents).toBe(amountCents);
    await expectBooksBalanced(server);
  });
});
