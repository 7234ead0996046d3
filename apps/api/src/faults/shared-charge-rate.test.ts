// @module-tag concurrency
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { testDriver } from '../test/harness.ts';
import { createTestDatabase, startChildApp, verifiedCreator, type ChildApp } from './child-app.ts';
import { createPayload } from '../test/campaign-form.ts';
import { saveCard } from '../test/money.ts';

/**
 * Two instances charging one campaign's run at once stay within the provider account's rate
 * together (decision 195): the limit is the account's, so a per-process limiter would let twice
 * the rate through.
 */
const RATE = 10;
// More than one instance's workers hold at once (4 workers × batches of 16), so both instances charge.
const SUPPORTERS = 8;
const PLEDGES_EACH = 10;
const ADMIN = { email: 'rate-admin@example.com', password: 'Rate-admin-2026-long' };
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let dataDir: string | undefined;
let apps: ChildApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.kill()));
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(testDriver !== 'postgres')('the charge rate shared by two instances on one PostgreSQL', () => {
  it('never lets the two together charge faster than the configured rate', { timeout: 240_000 }, async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'pledgeway-rate-'));
    const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, CHARGE_RATE_PER_SECOND: String(RATE), LOG_LEVEL: 'info' };
    apps = await Promise.all([0, 1].map(() => startChildApp({ dataDir: dataDir!, databaseUrl: database!.url, env })));
    const [a, b] = apps as [ChildApp, ChildApp];

    const creator = await verifiedCreator(a.url);
    const charities = (await fetch(`${a.url}/api/charities`).then((response) => response.json())) as { charities: { _id: string }[] }[];
    const created = await creator.client.post('/api/events/create', await createPayload(charities[0]!.charities[0]!._id, creator.email));
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const eventId = created.data.event.id as string;
    const funded = await creator.client.post('/api/events/payment', { event_id: eventId, amount: 100, payment_method_id: await saveCard(creator.client) });
    expect(funded.status, JSON.stringify(funded.data)).toBe(200);
    const admin = new TestClient(b.url);
    admin.accessToken = (await admin.post('/api/site/login', ADMIN)).data.user.accessToken;
    expect((await admin.post(`/api/admin/events/${eventId}/approve`)).status).toBe(200);
    await Promise.all(
      Array.from({ length: SUPPORTERS }, async (_, nth) => {
        const supporter = await signUp(nth % 2 ? a.url : b.url);
        const card = await saveCard(supporter.client);
        for (let pledge = 0; pledge < PLEDGES_EACH; pledge += 1) {
          const answer = await supporter.client.post(`/api/events/${eventId}/pledges`, { amount: 10 + pledge, payment_method_id: card });
          expect(answer.status, JSON.stringify(answer.data)).toBe(201);
        }
      }),
    );
    expect((await creator.client.post(`/api/events/${eventId}/complete`)).status).toBe(200);
    const started = await admin.post(`/api/admin/events/${eventId}/charge`);
    expect(started.status, JSON.stringify(started.data)).toBe(201);
    const runId = started.data.data._id as string;
    const deadline = Date.now() + 120_000;
    for (;;) {
      const run = (await admin.get(`/api/admin/charge-runs/${runId}`)).data.data as { status: string };
      if (run.status === 'finished') break;
      if (Date.now() > deadline) throw new Error(`the run did not finish: ${JSON.stringify(run)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    // Both instances charged part of the run.
    for (const app of apps) expect(app.output()).toContain('charging a batch at the provider');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const charges = await client
      .query<{ at: number }>(`select extract(epoch from created_at)::float8 * 1000 as at from sandbox_charges where status = 'succeeded' order by created_at`)
      .finally(() => client.end());
    const times = charges.rows.map((row) => Number(row.at)).slice(1); // the first is the creator's funding, charged earlier
    expect(times.length).toBe(SUPPORTERS * PLEDGES_EACH);
    // The busiest 5 s of the run. A charge's record carries the time it was written, after the
    // provider's answer, and on a loaded machine a batch's records bunch (one second once held 15
    // at a rate of 10, three seconds 41): a batch's worth of slack. Two separate limiters would
    // reach 2 × RATE × 5 = 100.
    const WINDOW_MS = 5_000;
    const BATCH = 16;
    let busiest = 0;
    for (let first = 0, last = 0; last < times.length; last += 1) {
      while (times[last]! - times[first]! >= WINDOW_MS) first += 1;
      busiest = Math.max(busiest, last - first + 1);
    }
    expect(busiest).toBeLessThanOrEqual(RATE * (WINDOW_MS / 1000) + BATCH);
    // The whole run lasted at least as long as the rate allows: delays only lengthen it, twice the
    // rate would halve it.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(((times.length - 1) / RATE - 1) * 1000);
  });
});
