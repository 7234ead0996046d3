// @module-tag concurrency
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { PLEDGES_PER_MINUTE } from '../modules/pledges/create-service.ts';
import { verifyLedger } from '../modules/ledger/verify.ts';
import { createSandboxProvider } from '../providers/payments/sandbox.ts';
import { signUp } from '../test/client.ts';
import { testDriver } from '../test/harness.ts';
import { createTestDatabase, startChildApp, verifiedCreator, type ChildApp } from './child-app.ts';
import { saveCard } from '../test/money.ts';
import { createPayload } from '../test/campaign-form.ts';

/**
 * `npm run backup` and `npm run restore` (decision 199): a copy taken while pledges stream in is
 * restored into a fresh database whose books verify and whose totals are the source's at the
 * copy's moment.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const runScript = promisify(execFile);
const folder = mkdtempSync(path.join(tmpdir(), 'pledgeway-backup-'));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  rmSync(folder, { recursive: true, force: true });
});

/** One of the repository's npm scripts, as `npm run <name>` runs it, with only the given environment. */
function script(file: string, args: string[], env: Record<string, string>) {
  return runScript(process.execPath, ['--import', 'tsx', `scripts/${file}`, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', ...env },
  });
}

/** What the books and the campaigns hold, to compare a restored copy with its source. */
const TOTALS = `
  select (select count(*) from pledges)::int as pledges,
         (select coalesce(sum(amount_cents), 0) from pledges)::text as pledged_cents,
         (select count(*) from ledger_transactions)::int as ledger_transactions,
         (select count(*) from sandbox_charges)::int as provider_charges,
         (select count(*) from events)::int as campaigns`;

async function approvedCampaign(app: ChildApp, approve: (eventId: string) => Promise<unknown>) {
  const creator = await verifiedCreator(app.url);
  const charities = (await fetch(`${app.url}/api/charities`).then((response) => response.json())) as { charities: { _id: string }[] }[];
  const created = await creator.client.post('/api/events/create', await createPayload(charities[0]!.charities[0]!._id, creator.email));
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  const eventId = created.data.event.id as string;
  await approve(eventId);
  return eventId;
}

describe.skipIf(testDriver !== 'postgres')('a PostgreSQL backup taken during a pledge stream', () => {
  it('restores into a fresh database with clean books and the totals of its moment', { timeout: 240_000 }, async () => {
    const source = await createTestDatabase();
    cleanups.push(source.drop);
    const app = await startChildApp({ dataDir: folder, databaseUrl: source.url });
    cleanups.push(app.kill);
    const sql = async (url: string, text: string, params: unknown[] = []) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return (await client.query(text, params).finally(() => client.end())).rows;
    };
    const eventId = await approvedCampaign(app, (id) => sql(source.url, `update events set status = 'approved', approved_at = now() where id = $1`, [id]));
    const supporters = await Promise.all(Array.from({ length: 6 }, () => signUp(app.url)));
    const cards = await Promise.all(supporters.map((supporter) => saveCard(supporter.client)));

    // The stream: each supporter pledges every 150 ms, within their limit of a minute, until the test is done.
    let streaming = true;
    const stream = Promise.all(
      supporters.map(async (supporter, nth) => {
        for (let pledge = 0; streaming && pledge < PLEDGES_PER_MINUTE; pledge += 1) {
          const answer = await supporter.client.post(`/api/events/${eventId}/pledges`, { amount: 5 + nth + pledge / 100, payment_method_id: cards[nth] });
          expect(answer.status, JSON.stringify(answer.data)).toBe(201);
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
      }),
    );
    while (Number((await sql(source.url, 'select count(*) from pledges'))[0].count) < 10) await new Promise((resolve) => setTimeout(resolve, 100));

    // The backup's moment: a snapshot this session holds while pg_dump copies exactly it.
    const moment = new pg.Client({ connectionString: source.url });
    await moment.connect();
    await moment.query('begin isolation level repeatable read');
    const [{ snapshot }] = (await moment.query('select pg_export_snapshot() as snapshot')).rows;
    const atMoment = (await moment.query(TOTALS)).rows[0];
    const file = path.join(folder, 'pledgeway.dump');
    await script('backup.ts', [file, `--snapshot=${snapshot}`], { DATABASE_URL: source.url });
    await moment.query('commit');
    await moment.end();
    streaming = false;
    await stream;
    // Pledges went on while the copy was taken.
    expect((await sql(source.url, TOTALS))[0].pledges).toBeGreaterThan(atMoment.pledges);

    const restored = await createTestDatabase();
    cleanups.push(restored.drop);
    await script('restore.ts', [file], { DATABASE_URL: restored.url });
    expect((await sql(restored.url, TOTALS))[0]).toEqual(atMoment);
    const verified = await script('ledger-verify.ts', [], { DATABASE_URL: restored.url });
    expect(verified.stdout).not.toMatch(/orphan|unbalanced/i);
    // A second restore over it is refused: it changes nothing.
    await expect(script('restore.ts', [file], { DATABASE_URL: restored.url })).rejects.toMatchObject({ stderr: expect.stringContaining('not empty') });
  });
});

describe.skipIf(testDriver === 'postgres')('an embedded database backup', () => {
  it('is refused while the app holds the database, then restores into a new DATA_DIR with clean books', { timeout: 180_000 }, async () => {
    const dataDir = path.join(folder, 'source');
    let app = await startChildApp({ dataDir, env: { ADMIN_EMAIL: 'backup-admin@example.com', ADMIN_PASSWORD: 'Backup-admin-2026' } });
    cleanups.push(() => app.kill());
    const opened = () => openDatabase({ url: undefined, pgliteDir: path.join(dataDir, 'pg') });
    const login = await fetch(`${app.url}/api/site/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'backup-admin@example.com', password: 'Backup-admin-2026' }),
    }).then((response) => response.json() as Promise<{ user: { accessToken: string } }>);
    const eventId = await approvedCampaign(app, async (id) => {
      const answer = await fetch(`${app.url}/api/admin/events/${id}/approve`, {
        method: 'POST',
        headers: { authorization: `Bearer ${login.user.accessToken}` },
      });
      expect(answer.status).toBe(200);
    });
    const supporter = await signUp(app.url);
    const card = await saveCard(supporter.client);
    for (const amount of [12, 30])
      expect((await supporter.client.post(`/api/events/${eventId}/pledges`, { amount, payment_method_id: card })).status).toBe(201);

    const file = path.join(folder, 'embedded.tar.gz');
    await expect(script('backup.ts', [file], { DATA_DIR: dataDir })).rejects.toMatchObject({ stderr: expect.stringMatching(/backup failed/) });
    await app.stop();
    const source = await opened();
    const atMoment = (await source.query(TOTALS))[0];
    await source.close();
    await script('backup.ts', [file], { DATA_DIR: dataDir });

    const restoredDir = path.join(folder, 'restored');
    await script('restore.ts', [file], { DATA_DIR: restoredDir });
    const restored = await openDatabase({ url: undefined, pgliteDir: path.join(restoredDir, 'pg') });
    try {
      expect((await restored.query(TOTALS))[0]).toEqual(atMoment);
      expect(atMoment).toMatchObject({ pledges: 2, pledged_cents: '4200' });
      expect((await verifyLedger(restored.query, createSandboxProvider(restored.db))).problems).toEqual([]);
    } finally {
      await restored.close();
    }
    app = await startChildApp({ dataDir: restoredDir });
    const shown = await fetch(`${app.url}/api/events/show/${eventId}`).then((response) => response.json() as Promise<{ pledges: { total: number } }>);
    expect(shown.pledges.total).toBe(42);
  });
});
