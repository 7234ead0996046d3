// @module-tag concurrency
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, testDriver, type TestServer } from '../../test/harness.ts';
import { isSandbox } from '../../providers/payments/index.ts';
import { ledgerRepository } from './repository.ts';
import { verifyLedger } from './verify.ts';
import { pledges } from '../../db/schema.ts';
import { adminClient, makeAdmin } from '../../test/factories.ts';
import { expectBooksBalanced, fundedCampaign } from '../../test/money.ts';

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
});
afterAll(async () => server.close());

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../../..');

async function ledgerVerifyCommand(env: Record<string, string>) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/ledger-verify.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

describe('ledger verification', () => {
  it('is for admins only, and passes on books made by a real funding', async () => {
    const creator = await signUp(server.url);
    await fundedCampaign(server, creator);
    expect((await new TestClient(server.url).get('/api/admin/ledger/verify')).status).toBe(401);
    expect((await creator.client.get('/api/admin/ledger/verify')).status).toBe(403);
    const response = await admin.get('/api/admin/ledger/verify');
    expect(response.status).toBe(200);
    expect(response.data.data).toMatchObject({ ok: true, provider: 'sandbox', problems: [] });
    expect(response.data.data.checked.charged_pledges).toBeGreaterThanOrEqual(1);
    expect(response.data.data.checked.provider_records).toBeGreaterThanOrEqual(1);
  });

  it('npm run ledger:verify prints what it checked and exits non-zero on a difference', async () => {
    const signed = await signUp(server.url);
    await makeAdmin(server, signed.user._id);
    const env: Record<string, string> =
      testDriver === 'postgres'
        ? { DATABASE_URL: server.config.databaseUrl! }
        : { LEDGER_VERIFY_URL: server.url, ADMIN_EMAIL: signed.email, ADMIN_PASSWORD: signed.password };
    const clean = await ledgerVerifyCommand(env);
    expect(clean.stdout).toContain('ledger transactions balanced:');
    expect(clean.stdout).toContain('OK: the books balance and match the provider');
    expect(clean.code).toBe(0);

    // A charge whose recorded fee differs from the provider's, posted straight to the ledger.
    const [pledge] = await server.app.ctx.database.query<{ id: string; event_id: string; provider_charge_ref: string }>(
      "select id, event_id, provider_charge_ref from pledges where status = 'charged' limit 1",
    );
    await server.app.ctx.database.query('update pledges set card_fee_cents = card_fee_cents + 1 where id = $1', [pledge!.id]);
    const broken = await ledgerVerifyCommand(env);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(`DIFFERENCE: pledge ${pledge!.id}`);
    await server.app.ctx.database.query('update pledges set card_fee_cents = card_fee_cents - 1 where id = $1', [pledge!.id]);
    await expectBooksBalanced(server);
  });

  it('reports a pledge that says it was charged but has no charge behind it', async () => {
    // A server of its own: the planted row is a difference the other tests' books must not carry.
    const own = await startTestServer();
    try {
      const creator = await signUp(own.url);
      const event = await fundedCampaign(own, creator);
      const [planted] = await own.app.ctx.db
        .insert(pledges)
        .values({ eventId: event.id, userId: creator.user._id, amountCents: 4_000, status: 'charged', idempotencyKey: `planted-${event.id}` })
        .returning();
      const report = await verifyLedger(own.app.ctx.database.query, own.app.ctx.payments);
      expect(report.ok).toBe(false);
      expect(report.problems).toContain(`pledge ${planted!.id} says it was charged but records no charge`);
    } finally {
      await own.close();
    }
  });

  it('refuses to post a transaction that does not balance', async () => {
    await expect(
      ledgerRepository.post(server.app.ctx.db, { kind: 'payout', idempotencyKey: 'unbalanced', entries: [{ account: 'donor_card', amountCents: -100 }] }),
    ).rejects.toThrow(/does not balance/);
  });

  // Last: the orphans it plants stay, since the ledger is append-only.
  it('reports a provider charge no posting knows and a posting the provider has no charge for, through the route and the command', async () => {
    const sandbox = server.app.ctx.payments;
    if (!isSandbox(sandbox)) throw new Error('the sandbox is the provider');
    // A second charge of a card that the books never heard of (the double charge of the issue).
    const customer = await sandbox.createCustomer({ email: 'twice@example.com', name: 'Charged Twice' });
    const { token } = await sandbox.tokenizeCard({ holder_name: 'Charged Twice', number: '4242424242424242', expiry: '12/40', cvv: '123' });
    const card = await sandbox.attachCard({ customerRef: customer.ref, token });
    const unbooked = await sandbox.charge({ customerRef: customer.ref, methodRef: card.ref, amountCents: 89_680, idempotencyKey: 'charged-twice' });
    expect(unbooked.ok).toBe(true);
    // A posting that names a charge the provider never made.
    const invented = await ledgerRepository.post(server.app.ctx.db, {
      kind: 'donation',
      idempotencyKey: 'invented-donation',
      providerRef: 'ch_sbx_never_made',
      entries: [
        { account: 'donor_card', amountCents: -2_500 },
        { account: 'tips_revenue', amountCents: 2_500 },
      ],
    });

    const report = (await admin.get('/api/admin/ledger/verify')).data.data;
    expect(report.ok).toBe(false);
    expect(report.reconciliation.provider_without_posting).toEqual([{ kind: 'charge', ref: unbooked.ref, amount: 896.8 }]);
    expect(report.reconciliation.posting_without_provider).toEqual([
      { kind: 'charge', ref: 'ch_sbx_never_made', amount: 25, transaction_id: (invented as { id: string }).id },
    ]);
    expect(report.problems).toContain(`the provider's charge ${unbooked.ref} of $896.80 has no posting in the ledger`);

    const signed = await signUp(server.url);
    await makeAdmin(server, signed.user._id);
    const env: Record<string, string> =
      testDriver === 'postgres'
        ? { DATABASE_URL: server.config.databaseUrl! }
        : { LEDGER_VERIFY_URL: server.url, ADMIN_EMAIL: signed.email, ADMIN_PASSWORD: signed.password };
    const command = await ledgerVerifyCommand(env);
    expect(command.code).toBe(1);
    expect(command.stdout).toContain('provider movements without a posting: 1');
    expect(command.stdout).toContain('postings without a provider record: 1');
    expect(command.stdout).toContain(`DIFFERENCE: the provider's charge ${unbooked.ref} of $896.80 has no posting in the ledger`);
    expect(command.stdout).toContain('DIFFERENCE: posting');
  });
});
