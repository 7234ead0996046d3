// @module-tag concurrency
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotePledge } from '@pledgeway/domain';
import { pledges } from '../../db/schema.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, testDriver, type TestServer } from '../../test/harness.ts';
import { chargePledges } from './charge-pledge.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { CARDS, expectBooksBalanced, liveCampaign, saveCard } from '../../test/money.ts';
import { adminClient } from '../../test/factories.ts';

/**
 * One batch is read, claimed and booked together (decision 117), yet each pledge keeps its own
 * outcome: a decline fails its pledge only, a pledge named twice is charged once, and every charge
 * has its own provider charge, ledger posting and receipt.
 */
let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
});
afterAll(async () => server.close());

describe(`a batch of charges booked together (${testDriver})`, () => {
  it('charges each pledge once, fails a decline alone, and answers a pledge named twice once', { timeout: 180_000 }, async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const supporter = await signUp(server.url);
    const good = await saveCard(supporter.client);
    const declining = await saveCard(supporter.client, CARDS.declined);
    const quote = quotePledge({ amountCents: 1_500, tipPercent: 0, coverFees: false, isCreator: false });
    const inserted = await server.app.ctx.db
      .insert(pledges)
      .values(
        [good, good, declining, good].map((paymentMethodId) => ({
          eventId: event.id,
          userId: supporter.user._id,
          paymentMethodId,
          amountCents: quote.amountCents,
          tipCents: quote.tipCents,
          coverCents: quote.coverCents,
          platformFeeCents: quote.platformFeeCents,
          idempotencyKey: `pledge:${crypto.randomUUID()}`,
        })),
      )
      .returning({ id: pledges.id });
    const [first, second, declined, fourth] = inserted.map((row) => row.id) as [string, string, string, string];

    const results = await chargePledges(server.app.ctx, createRateLimiter(1_000), [first, second, declined, first, fourth]);
    expect(results).toEqual(['charged', 'charged', 'failed', 'skipped', 'charged'].map((value) => ({ status: 'fulfilled', value })));

    const rows = await server.app.ctx.database.query<{ id: string; status: string; charges: number; postings: number; attempt_started_at: unknown }>(
      `select p.id, p.status, p.attempt_started_at,
              (select count(*)::int from sandbox_charges c where c.idempotency_key like p.idempotency_key || ':charge:%') as charges,
              (select count(*)::int from ledger_transactions t where t.pledge_id = p.id) as postings
         from pledges p where p.event_id = $1 and not p.is_creator_pledge order by p.id`,
      [event.id],
    );
    for (const row of rows) {
      // A declined attempt is one provider call too, and posts nothing; no claim is left behind.
      if (row.id === declined) expect(row).toMatchObject({ status: 'failed', charges: 1, postings: 0, attempt_started_at: null });
      else expect(row, row.id).toMatchObject({ status: 'charged', charges: 1, postings: 1, attempt_started_at: null });
    }
    const mails = await server.app.ctx.mailer.recent({ to: supporter.email, limit: 20 });
    expect(mails.filter((mail) => mail.kind === 'charge-receipt')).toHaveLength(3);
    await expectBooksBalanced(server);

    // Charged again, the batch finds every outcome recorded and calls the provider for none.
    const again = await chargePledges(server.app.ctx, createRateLimiter(1_000), [first, second, fourth]);
    expect(again.map((result) => result.status === 'fulfilled' && result.value)).toEqual(['skipped', 'skipped', 'skipped']);
    const [charges] = await server.app.ctx.database.query<{ n: number }>(
      `select count(*)::int as n from sandbox_charges c join pledges p on c.idempotency_key like p.idempotency_key || ':charge:%' where p.event_id = $1 and not p.is_creator_pledge`,
      [event.id],
    );
    expect(charges!.n).toBe(4);
  });
});
