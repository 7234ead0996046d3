import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { ledgerRepository } from './repository.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await ledgerRepository.post(server.app.ctx.db, {
    // Any kind of the ledger: the check is of the tables, not of the movement.
    kind: 'payout',
    idempotencyKey: 'append-only-check',
    entries: [
      { account: 'donor_card', amountCents: -500 },
      { account: 'tips_revenue', amountCents: 500 },
    ],
  });
  await server.app.ctx.database.query(`insert into audit_log (action, target_type, target_id) values ('test', 'test', 'append-only-check')`);
});
afterAll(async () => server.close());

const count = async (table: string) => Number((await server.app.ctx.database.query<{ n: string }>(`select count(*) as n from ${table}`))[0]!.n);

describe('append-only tables', () => {
  it.each(['ledger_entries', 'ledger_transactions', 'audit_log'])('%s refuses UPDATE, DELETE and TRUNCATE and keeps its rows', async (table) => {
    const before = await count(table);
    expect(before).toBeGreaterThan(0);
    await expect(server.app.ctx.database.query(`delete from ${table}`)).rejects.toThrow(/append-only/);
    await expect(server.app.ctx.database.query(`truncate ${table} cascade`)).rejects.toThrow(/append-only: it cannot be truncated/);
    expect(await count(table)).toBe(before);
  });

  it('refuses TRUNCATE of the ledger even with its entries in the same statement', async () => {
    await expect(server.app.ctx.database.query('truncate ledger_entries, ledger_transactions cascade')).rejects.toThrow(/append-only/);
    expect(await count('ledger_entries')).toBeGreaterThan(0);
  });
});
