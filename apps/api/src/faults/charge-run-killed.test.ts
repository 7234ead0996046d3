// @module-tag concurrency
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { ATTEMPT_LEASE_MS } from '../modules/charging/attempts.ts';
import { verifyLedger } from '../modules/ledger/verify.ts';
import { createSandboxProvider } from '../providers/payments/sandbox.ts';
import { signUp, TestClient } from '../test/client.ts';
import { testDriver } from '../test/harness.ts';
import { createTestDatabase, startChildApp, verifiedCreator, type ChildApp } from './child-app.ts';
import { createPayload } from '../test/campaign-form.ts';
import { saveCard } from '../test/money.ts';

/**
 * A charge run whose process is SIGKILLed while it charges: the job queue hands the jobs the dead
 * worker held to the restarted one once their heartbeat stops, and every pledge ends charged
 * exactly once at the provider, with one ledger posting each and balanced books. Runs on the
 * suite's database driver (PGlite in its data folder, or a new PostgreSQL database).
 */
const SUPPORTERS = 6;
const PLEDGES_EACH = 5;
const ADMIN = { email: 'ops-admin@example.com', password: 'Ops-admin-2026-long' };
const dataDir = mkdtempSync(path.join(tmpdir(), 'pledgeway-charge-kill-'));
const database = testDriver === 'postgres' ? await createTestDatabase() : undefined;
// Slow enough that the run is still charging when the process dies.
const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, CHARGE_RATE_PER_SECOND: '4' };
let app: ChildApp | undefined;
afterAll(async () => {
  await app?.kill();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signedInAdmin(url: string): Promise<TestClient> {
  const admin = new TestClient(url);
  const login = await admin.post('/api/site/login', ADMIN);
  expect(login.status, JSON.stringify(login.data)).toBe(200);
  admin.accessToken = login.data.user.accessToken;
  return admin;
}

/** A live campaign with SUPPORTERS × PLEDGES_EACH pending pledges, completed by its creator. */
async function completedCampaignWithPledges(url: string) {
  const creator = await verifiedCreator(url);
  const charities = (await fetch(`${url}/api/charities`).then((response) => response.json())) as { charities: { _id: string }[] }[];
  const created = await creator.client.post('/api/events/create', await createPayload(charities[0]!.charities[0]!._id, creator.email));
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  const eventId = created.data.event.id as string;
  const funded = await creator.client.post('/api/events/payment', { event_id: eventId, amount: 100, payment_method_id: await saveCard(creator.client) });
  expect(funded.status, JSON.stringify(funded.data)).toBe(200);
  const admin = await signedInAdmin(url);
  expect((await admin.post(`/api/admin/events/${eventId}/approve`)).status).toBe(200);

  const supporters = await Promise.all(Array.from({ length: SUPPORTERS }, () => signUp(url)));
  await Promise.all(
    supporters.map(async (supporter, nth) => {
      const card = await saveCard(supporter.client);
      for (let pledge = 0; pledge < PLEDGES_EACH; pledge += 1) {
        const body = { amount: 10 + nth + pledge / 100, tip_percent: 10, cover_fees: pledge % 2 === 0, anonymous: false, message: '', payment_method_id: card };
        const answer = await supporter.client.post(`/api/events/${eventId}/pledges`, body);
        expect(answer.status, JSON.stringify(answer.data)).toBe(201);
      }
    }),
  );
  expect((await creator.client.post(`/api/events/${eventId}/complete`)).status).toBe(200);
  return { eventId, admin };
}

async function waitForRun(admin: TestClient, runId: string, until: (run: { status: string; charged: number }) => boolean, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const run = (await admin.get(`/api/admin/charge-runs/${runId}`)).data.data as { status: string; total: number; charged: number; failed: number };
    if (until(run)) return run;
    if (Date.now() > deadline) throw new Error(`charge run still ${JSON.stringify(run)} after ${seconds} s:\n${app?.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The killed process's claims on the pledges it was charging, dated a lease earlier: as if the
 * restarted process came back a minute later (the lease, charging/attempts.ts), without the test
 * waiting that minute. It still finds out at the provider what each claimed attempt did.
 */
async function leaseOfClaimsPassed(eventId: string) {
  const opened = await openDatabase({ url: database?.url, pgliteDir: path.join(dataDir, 'pg') });
  try {
    await opened.query(
      `update pledges set attempt_started_at = attempt_started_at - make_interval(secs => $2)
        where event_id = $1 and attempt_started_at is not null`,
      [eventId, ATTEMPT_LEASE_MS / 1000],
    );
  } finally {
    await opened.close();
  }
}

describe(`a charge run whose process is killed (SIGKILL) mid-run (${testDriver})`, () => {
  it('is finished by the restarted process with every pledge charged exactly once and the books balanced', { timeout: 300_000 }, async () => {
    app = await startChildApp({ dataDir, databaseUrl: database?.url, env });
    const { eventId, admin } = await completedCampaignWithPledges(app.url);
    const started = await admin.post(`/api/admin/events/${eventId}/charge`);
    expect(started.status, JSON.stringify(started.data)).toBe(201);
    const runId = started.data.data._id as string;
    const pledgeCount = SUPPORTERS * PLEDGES_EACH + 1; // the creator's funding pledge is charged already, and counted in the run

    const before = await waitForRun(admin, runId, (run) => run.charged >= 6, 60);
    expect(before.status).toBe('running');
    await app.kill();
    await leaseOfClaimsPassed(eventId);

    app = await startChildApp({ dataDir, databaseUrl: database?.url, env });
    const after = await waitForRun(await signedInAdmin(app.url), runId, (run) => run.status === 'finished', 180);
    expect(after).toMatchObject({ total: pledgeCount, charged: pledgeCount, failed: 0 });
    await app.stop();
    app = undefined;

    const opened = await openDatabase({ url: database?.url, pgliteDir: path.join(dataDir, 'pg') });
    try {
      // One successful provider charge and one ledger posting per pledge, whatever the crash interrupted.
      const perPledge = await opened.query<{ id: string; status: string; charges: number; postings: number }>(
        `select p.id, p.status,
                (select count(*)::int from sandbox_charges c where c.idempotency_key like p.idempotency_key || ':charge:%' and c.status = 'succeeded') as charges,
                (select count(*)::int from ledger_transactions t where t.pledge_id = p.id and t.kind = 'pledge_charge') as postings
           from pledges p where p.event_id = $1 and not p.is_creator_pledge`,
        [eventId],
      );
      expect(perPledge).toHaveLength(SUPPORTERS * PLEDGES_EACH);
      for (const pledge of perPledge) expect(pledge, pledge.id).toMatchObject({ status: 'charged', charges: 1, postings: 1 });
      const report = await verifyLedger(opened.query, createSandboxProvider(opened.db));
      expect(report.problems).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});
