import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, testDriver, type TestServer } from '../../test/harness.ts';
import { adminClient, expectBooksBalanced, fundedCampaign } from '../charging/test-helpers.ts';
import { makeAdmin } from '../events/test-helpers.ts';
import { ledgerRepository } from './repository.ts';

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

  it('refuses to post a transaction that does not balance', async () => {
    await expect(
      ledgerRepository.post(server.app.ctx.db, { kind: 'test', idempotencyKey: 'unbalanced', entries: [{ account: 'donor_card', amountCents: -100 }] }),
    ).rejects.toThrow(/does not balance/);
  });
});
