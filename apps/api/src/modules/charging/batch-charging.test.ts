// @module-tag concurrency
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotePledge } from '@pledgeway/domain';
import { pledges } from '../../db/schema.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, testDriver, type TestServer } from '../../test/harness.ts';
import { CHARGE_BATCH, CHARGE_PLEDGE_QUEUE } from './charge-pledge.ts';
import { MONEY_SWEEP_QUEUE } from './sweep.ts';
import { expectBooksBalanced, liveCampaign, saveCard } from '../../test/money.ts';
import { adminClient } from '../../test/factories.ts';

/**
 * A charge run's jobs are fetched and run in batches (decision 107). Many pledges charged by two
 * runs of the queue at once, with every job queued twice, still charge each pledge exactly once:
 * one provider charge, one ledger posting, one receipt, the run finished with the right counts.
 */
let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
});
afterAll(async () => server.close());

const SUPPORTERS = 4;
const PLEDGES = CHARGE_BATCH * 6;

type PerPledge = { id: string; status: string; charges: number; postings: number };

async function perPledge(eventId: string): Promise<PerPledge[]> {
  return server.app.ctx.database.query<PerPledge>(
    `select p.id, p.status,
            (select count(*)::int from sandbox_charges c where c.idempotency_key like p.idempotency_key || ':charge:%' and c.status = 'succeeded') as charges,
            (select count(*)::int from ledger_transactions t where t.pledge_id = p.id and t.kind = 'pledge_charge') as postings
       from pledges p where p.event_id = $1 and not p.is_creator_pledge`,
    [eventId],
  );
}

describe(`a charge run in batches (${testDriver})`, () => {
  it('charges every pledge exactly once when two runs of the queue take the same jobs, each queued twice', { timeout: 240_000 }, async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const supporters = await Promise.all(Array.from({ length: SUPPORTERS }, () => signUp(server.url)));
    const cards = await Promise.all(supporters.map((supporter) => saveCard(supporter.client)));
    const quote = quotePledge({ amountCents: 1_000, tipPercent: 10, coverFees: true, isCreator: false });
    await server.app.ctx.db.insert(pledges).values(
      Array.from({ length: PLEDGES }, (_, nth) => ({
        eventId: event.id,
        userId: supporters[nth % SUPPORTERS]!.user._id,
        paymentMethodId: cards[nth % SUPPORTERS]!,
        amountCents: quote.amountCents,
        tipCents: quote.tipCents,
        coverFees: true,
        coverCents: quote.coverCents,
        platformFeeCents: quote.platformFeeCents,
        idempotencyKey: `pledge:${crypto.randomUUID()}`,
      })),
    );
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    const started = await admin.post(`/api/admin/events/${event.id}/charge`);
    expect(started.status, JSON.stringify(started.data)).toBe(201);

    // Every pledge's job a second time, as after a crash between the run's commit and its queueing
    // (the money sweep queues the run's pending pledges again), and two instances working at once.
    const ids = (await perPledge(event.id)).map((row) => ({ pledgeId: row.id }));
    await server.app.ctx.jobs.sendMany(CHARGE_PLEDGE_QUEUE, ids);
    const [first, second] = await Promise.all([server.app.ctx.jobs.drain(), server.app.ctx.jobs.drain()]);
    expect(first + second).toBeGreaterThanOrEqual(2 * PLEDGES);

    const rows = await perPledge(event.id);
    expect(rows).toHaveLength(PLEDGES);
    for (const row of rows) expect(row, row.id).toMatchObject({ status: 'charged', charges: 1, postings: 1 });
    // One receipt per charge, none twice.
    const [receipts] = await server.app.ctx.database.query<{ n: number }>(
      'select count(*)::int as n from outbox_emails where kind = \'charge-receipt\' and "to" = any($1::text[])',
      [supporters.map((supporter) => supporter.email.toLowerCase())],
    );
    expect(receipts!.n).toBe(PLEDGES);
    const run = (await admin.get(`/api/admin/charge-runs/${started.data.data._id}`)).data.data;
    // The creator's funding is counted in the run too.
    expect(run).toMatchObject({ status: 'finished', total: PLEDGES + 1, charged: PLEDGES + 1, failed: 0 });
    expect(run.pledges).toMatchObject({ total: PLEDGES, charged: PLEDGES });
    expect(run.pledges.charged_amount).toBe((PLEDGES * quote.totalCents) / 100);
    await expectBooksBalanced(server);
  });

  it('charges the rest of a batch when one of its pledges is held by another worker, and leaves that one to its claimant', { timeout: 120_000 }, async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const supporter = await signUp(server.url);
    const card = await saveCard(supporter.client);
    const quote = quotePledge({ amountCents: 2_000, tipPercent: 0, coverFees: false, isCreator: false });
    const inserted = await server.app.ctx.db
      .insert(pledges)
      .values(
        Array.from({ length: CHARGE_BATCH }, () => ({
          eventId: event.id,
          userId: supporter.user._id,
          paymentMethodId: card,
          amountCents: quote.amountCents,
          platformFeeCents: quote.platformFeeCents,
          idempotencyKey: `pledge:${crypto.randomUUID()}`,
        })),
      )
      .returning({ id: pledges.id });
    const held = inserted[3]!.id;
    // Another worker claimed this pledge's attempt a moment ago and is calling the provider.
    await server.app.ctx.database.query('update pledges set attempt_started_at = now(), attempt_first_claimed_at = now() where id = $1', [held]);
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    const started = await admin.post(`/api/admin/events/${event.id}/charge`);
    expect(started.status, JSON.stringify(started.data)).toBe(201);
    await server.app.ctx.jobs.drain();

    const rows = await perPledge(event.id);
    for (const row of rows) {
      if (row.id === held) expect(row).toMatchObject({ status: 'pending', charges: 0, postings: 0 });
      else expect(row, row.id).toMatchObject({ status: 'charged', charges: 1, postings: 1 });
    }
    const run = (await admin.get(`/api/admin/charge-runs/${started.data.data._id}`)).data.data;
    expect(run).toMatchObject({ status: 'running', charged: CHARGE_BATCH });
    // The held pledge's job waits for the claim's lease, queued again for later.
    const [queued] = await server.app.ctx.database.query<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = $1 and state = 'created' and data->>'pledgeId' = $2 and start_after > now()",
      [CHARGE_PLEDGE_QUEUE, held],
    );
    expect(queued!.n).toBe(1);
    await expectBooksBalanced(server);

    // Its claimant recorded the charge and stopped before finishing the run: the money sweep finishes it.
    await server.app.ctx.database.query("update pledges set status = 'charged', attempt_started_at = null, attempt_first_claimed_at = null where id = $1", [
      held,
    ]);
    await server.app.ctx.jobs.runScheduled(MONEY_SWEEP_QUEUE);
    expect((await admin.get(`/api/admin/charge-runs/${started.data.data._id}`)).data.data).toMatchObject({ status: 'finished' });
  });
});
