// @module-tag concurrency
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { saveCard } from '../test/money.ts';
import { createPayload } from '../test/campaign-form.ts';
import { signUp, TestClient } from '../test/client.ts';
import { testDriver } from '../test/harness.ts';
import { createTestDatabase, freePort, startChildApp, verifiedCreator, type ChildApp } from './child-app.ts';
import { chargeRunWithKill, checkChargeRun, checkPledgeStream, formatChecks, pledgeStream, type Check } from './instance-killed.ts';
import { LivePage, SERVED_BY } from './live-page-client.ts';

/**
 * Three API processes on one PostgreSQL behind a balancer; one is killed (SIGKILL) in the middle
 * of a stream of pledges with live pages open on all three, another in the middle of a charge run
 * (instance-killed.ts; the bench's `BENCH_ONLY=fault` runs the same behind HAProxy).
 */
const ADMIN = { email: 'ops-admin@example.com', password: 'Ops-admin-2026-long' };
const SUPPORTERS = 6;
const PAGES = 12;
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let dataDir: string | undefined;
let apps: ChildApp[] = [];
let proxy: http.Server | undefined;
afterAll(async () => {
  proxy?.close();
  proxy?.closeAllConnections();
  await Promise.all(apps.map((app) => app.kill()));
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A balancer much as HAProxy is set up for the bench, but taking the instances in turn (the bench's
 * HAProxy sends each request to the least busy, decision 270): the answering instance named in
 * `x-served-by`, and a request an instance refused to connect (it is dead) sent to the next one.
 * A request the dead instance had already received is answered 502, as HAProxy answers it.
 */
async function startBalancer(targets: { name: string; url: string }[]): Promise<string> {
  let next = 0;
  proxy = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (tries: number) => {
        const target = targets[next++ % targets.length]!;
        const upstream = http.request(`${target.url}${request.url}`, { method: request.method, headers: request.headers, agent: false }, (answer) => {
          response.writeHead(answer.statusCode ?? 502, { ...answer.headers, [SERVED_BY]: target.name });
          answer.pipe(response);
          answer.on('error', () => response.destroy());
          answer.on('close', () => answer.complete || response.destroy());
        });
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED' && tries < targets.length) send(tries + 1);
          else if (!response.headersSent) response.writeHead(502).end();
          else response.destroy();
        });
        upstream.end(Buffer.concat(chunks));
      };
      send(1);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => proxy!.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${port}`;
}

function expectAll(checks: Check[]) {
  const report = formatChecks(checks);
  for (const check of checks) expect(check.ok, report).toBe(true);
}

describe.skipIf(testDriver !== 'postgres')('three instances behind a balancer, one killed (SIGKILL)', () => {
  it('loses no acknowledged pledge, no page total and no charge, and charges the run once', { timeout: 300_000 }, async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'pledgeway-killed-'));
    // A charge run of the stream's pledges lasts a few seconds at this rate: long enough to be killed in.
    const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, CHARGE_RATE_PER_SECOND: '20' };
    apps = await Promise.all([0, 1, 2].map(() => startChildApp({ dataDir: dataDir!, databaseUrl: database!.url, env })));
    const named = apps.map((app, index) => ({ name: `instance${index + 1}`, url: app.url }));
    const balancerUrl = await startBalancer(named);

    const creator = await verifiedCreator(apps[0]!.url);
    const charities = (await fetch(`${apps[0]!.url}/api/charities`).then((response) => response.json())) as { charities: { _id: string }[] }[];
    const created = await creator.client.post('/api/events/create', await createPayload(charities[0]!.charities[0]!._id, creator.email));
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const eventId = created.data.event.id as string;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(`update events set status = 'approved', approved_at = now() where id = $1`, [eventId]).finally(() => admin.end());
    const supporters = await Promise.all(
      Array.from({ length: SUPPORTERS }, async () => {
        const person = await signUp(apps[0]!.url);
        return { accessToken: person.client.accessToken!, cardId: await saveCard(person.client) };
      }),
    );

    // Pages opened one after another land on the instances in turn.
    const pages: LivePage[] = [];
    for (let index = 0; index < PAGES; index += 1) {
      const page = new LivePage(`${balancerUrl}/api/events/${eventId}/live`);
      await page.opened;
      pages.push(page);
    }
    const killedFirst = named[1]!.name;
    expect(pages.filter((page) => page.connections[0]?.servedBy === killedFirst).length).toBeGreaterThan(0);
    let killedAt = 0;
    const result = await pledgeStream(balancerUrl, eventId, supporters, {
      perSecond: 15,
      seconds: 4,
      atSecond: 2,
      fault: async () => {
        killedAt = Date.now();
        await apps[1]!.kill();
      },
    });
    const streamChecks = await checkPledgeStream({
      databaseUrl: database.url,
      balancerUrl,
      eventId,
      result,
      pages,
      killed: killedFirst,
      killedAt,
      countBefore: 0,
    });
    for (const page of pages) page.close();
    expectAll(streamChecks);

    expect((await creator.client.post(`/api/events/${eventId}/complete`)).status).toBe(200);
    const login = await new TestClient(balancerUrl).post('/api/site/login', ADMIN);
    expect(login.status, JSON.stringify(login.data)).toBe(200);
    const outcome = await chargeRunWithKill({
      balancerUrl,
      databaseUrl: database.url,
      eventId,
      adminToken: login.data.user.accessToken as string,
      killAfter: 10,
      fault: () => apps[2]!.kill(),
      // The killed instance's claims dated a lease earlier, as if its minute had passed (charge-run-killed.test.ts).
      ageClaims: true,
      seconds: 150,
    });
    const chargeChecks = await checkChargeRun(database.url, eventId, outcome);
    console.log(formatChecks([...streamChecks, ...chargeChecks]));
    expectAll(chargeChecks);
    expect(outcome.charged).toBe(result.acknowledged.length);
  });
});
