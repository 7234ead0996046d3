// @module-tag concurrency
import http from 'node:http';
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveTotals } from '@pledgeway/domain';
import { UPLOAD_SWEEP_QUEUE } from '../lib/upload-sweep.ts';
import { signUp, TestClient } from '../test/client.ts';
import { testDriver } from '../test/harness.ts';
import { createTestDatabase, freePort, startChildApp, verifiedCreator, type ChildApp } from './child-app.ts';
import { saveCard } from '../test/money.ts';
import { createPayload } from '../test/campaign-form.ts';

/**
 * Two API processes on one PostgreSQL behind a small round-robin proxy, as docs/operations.md "Scaling out"
 * describes: sessions, rate limits, live updates and jobs do not depend on which process answers.
 */
// The log-in limit per client address; the tests before the rate-limit test sign in a few times.
const LOGIN_LIMIT = 12;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let apps: ChildApp[] = [];
let proxy: http.Server;
let proxyUrl: string;
const served: number[] = [];

/** Sends each request to the next process in turn and streams the answer back (server-sent events too). */
async function startProxy(targets: string[]): Promise<string> {
  let next = 0;
  proxy = http.createServer((request, response) => {
    const index = next++ % targets.length;
    served.push(index);
    const upstream = http.request(`${targets[index]}${request.url}`, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  if (testDriver !== 'postgres') return;
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'pledgeway-scale-'));
  // Started together: migrations take an advisory lock, so two instances may start at once.
  const env = { AUTH_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT), LOG_LEVEL: 'info' };
  apps = await Promise.all([0, 1].map(() => startChildApp({ dataDir, databaseUrl: database.url, env })));
  proxyUrl = await startProxy(apps.map((app) => app.url));
}, 180_000);
afterAll(async () => {
  proxy?.close();
  await Promise.all(apps.map((app) => app.kill()));
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const clientOf = (url: string, from: TestClient) => Object.assign(new TestClient(url), { accessToken: from.accessToken, cookies: from.cookies });

describe.skipIf(testDriver !== 'postgres')('two API processes on one PostgreSQL behind a proxy', () => {
  it('keeps a session made on one process working on the other, and through the proxy', async () => {
    const [a, b] = apps as [ChildApp, ChildApp];
    const person = await signUp(a.url, { name: 'Sam Session' });
    const onB = clientOf(b.url, person.client);
    expect((await onB.get('/api/dashboard/my-profile')).data).toMatchObject({ success: true });
    // The refresh cookie issued by A is rotated by B, and the new access token works on A.
    const refreshed = await onB.post('/api/site/refresh-token');
    expect(refreshed.status, JSON.stringify(refreshed.data)).toBe(200);
    const onA = clientOf(a.url, onB);
    onA.accessToken = refreshed.data.accessToken ?? refreshed.data.user?.accessToken;
    expect((await onA.get('/api/dashboard/my-profile')).status).toBe(200);
    // Through the proxy, consecutive requests land on both processes.
    const viaProxy = clientOf(proxyUrl, onA);
    const start = served.length;
    for (let index = 0; index < 4; index += 1) expect((await viaProxy.get('/api/dashboard/my-profile')).status).toBe(200);
    expect(new Set(served.slice(start))).toEqual(new Set([0, 1]));
  });

  it('sends a pledge made on one process to a live viewer connected to the other', async () => {
    const [a, b] = apps as [ChildApp, ChildApp];
    const creator = await verifiedCreator(a.url);
    const charities = (await fetch(`${a.url}/api/charities`).then((response) => response.json())) as { charities: { _id: string }[] }[];
    const created = await creator.client.post('/api/events/create', await createPayload(charities[0]!.charities[0]!._id, creator.email));
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const eventId = created.data.event.id as string;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(`update events set status = 'approved', approved_at = now() where id = $1`, [eventId]).finally(() => admin.end());

    const controller = new AbortController();
    const live = await fetch(`${b.url}/api/events/${eventId}/live`, { signal: controller.signal });
    const reader = live.body!.pipeThrough(new TextDecoderStream()).getReader();
    const supporter = await signUp(a.url, { name: 'Pat Pledger' });
    const cardId = await saveCard(supporter.client);
    expect((await supporter.client.post(`/api/events/${eventId}/pledges`, { amount: 40, payment_method_id: cardId })).status).toBe(201);
    let text = '';
    const until = Date.now() + 15_000;
    let totals: LiveTotals | undefined;
    while (!totals && Date.now() < until) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
      totals = text
        .split('\n\n')
        .map((message) => message.split('\n').find((line) => line.startsWith('data: ')))
        .filter((line): line is string => Boolean(line))
        .map((line) => JSON.parse(line.slice('data: '.length)) as LiveTotals)
        .find((candidate) => candidate.pledge_count === 1);
    }
    controller.abort();
    expect(totals).toMatchObject({ event_id: eventId, payment_amount: 40 });
  });

  it("clears the other process's public reads at once: a pledge for its writer, a status change for everyone", async () => {
    const [a, b] = apps as [ChildApp, ChildApp];
    const creator = await verifiedCreator(a.url);
    const charities = (await fetch(`${a.url}/api/charities`).then((response) => response.json())) as { charities: { _id: string }[] }[];
    const created = await creator.client.post('/api/events/create', await createPayload(charities[0]!.charities[0]!._id, creator.email));
    const eventId = created.data.event.id as string;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(`update events set status = 'approved', approved_at = now() where id = $1`, [eventId]).finally(() => admin.end());
    const supporter = await signUp(a.url, { name: 'Rae Reader' });
    const cardId = await saveCard(supporter.client);
    const supporterOnB = clientOf(b.url, supporter.client);
    const anonymousOnB = new TestClient(b.url);
    const shown = async (client: TestClient) =>
      (await client.get(`/api/events/show/${eventId}`)).data as { status: string; pledges: { total: number; count: number } };

    // B keeps the campaign (its entries live a second); everything below happens well within it.
    expect((await shown(supporterOnB)).pledges.count).toBe(0);
    expect((await shown(anonymousOnB)).status).toBe('approved');
    const startedAt = Date.now();
    expect((await supporter.client.post(`/api/events/${eventId}/pledges`, { amount: 40, payment_method_id: cardId })).status).toBe(201);
    expect((await shown(supporterOnB)).pledges).toMatchObject({ count: 1, total: 40 });
    expect((await creator.client.post(`/api/events/${eventId}/complete`)).status).toBe(200);
    expect((await shown(anonymousOnB)).status).not.toBe('approved');
    // Had B waited for its entries to end, this would prove nothing.
    expect(Date.now() - startedAt).toBeLessThan(900);
  });

  it('runs a scheduled job on one process only', async () => {
    // An upload a crash left behind, older than the grace period: the sweep's work.
    const orphan = path.join(dataDir, 'uploads', 'banners', 'c0000000-0000-4000-8000-000000000000.jpg');
    await mkdir(path.dirname(orphan), { recursive: true });
    await writeFile(orphan, 'orphan');
    utimesSync(orphan, new Date(Date.now() - 3 * 3_600_000), new Date(Date.now() - 3 * 3_600_000));
    const startedAt = new Date();
    const runs = () =>
      apps.map(
        (app) =>
          app
            .output()
            .split('\n')
            .filter((line) => line.includes('upload sweep finished')).length,
      );
    const before = runs();

    // Both processes registered the hourly schedule; it is one schedule, and a tick is one job.
    const boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', supervise: false, schedule: false });
    await boss.start();
    try {
      const schedules = (await boss.getSchedules()).filter((schedule) => schedule.name === UPLOAD_SWEEP_QUEUE);
      expect(schedules).toHaveLength(1);
      await boss.send(UPLOAD_SWEEP_QUEUE, {});
      const until = Date.now() + 20_000;
      while (runs().reduce((sum, count, index) => sum + count - before[index]!, 0) === 0 && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 200));
      // Both workers poll every second: give a second run every chance to show.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
    } finally {
      await boss.stop({ graceful: false, close: true });
    }
    const after = runs();
    // The hourly tick itself (minute 17) may fall into this window and add its own single run.
    const tickInWindow = [startedAt, new Date()].some((moment) => moment.getUTCMinutes() === 17);
    const total = after.reduce((sum, count, index) => sum + count - before[index]!, 0);
    if (tickInWindow) expect([1, 2]).toContain(total);
    else expect(total).toBe(1);
    expect((await fetch(`${proxyUrl}/uploads/banners/c0000000-0000-4000-8000-000000000000.jpg`)).status).toBe(404);
  });

  it('counts a rate limit across both processes together', async () => {
    const answers: number[] = [];
    for (let attempt = 0; attempt < LOGIN_LIMIT + 4; attempt += 1) {
      answers.push((await new TestClient(proxyUrl).post('/api/site/login', { email: 'nobody@example.com', password: 'Wrong-Password-1' })).status);
    }
    // Two separate counts would let 2 × LOGIN_LIMIT attempts through.
    expect(answers.filter((status) => status !== 429).length).toBeLessThanOrEqual(LOGIN_LIMIT);
    expect(answers.slice(-4)).toEqual([429, 429, 429, 429]);
  });
});
