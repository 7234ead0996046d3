// @module-tag concurrency
import http from 'node:http';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pledges } from '../db/schema.ts';
import { signUp } from '../test/client.ts';
import { startTestServer, testDriver, type TestServer } from '../test/harness.ts';
import { createCampaign } from '../test/factories.ts';
import { supporterWithCard } from '../test/money.ts';

/**
 * PostgreSQL connections dropped under load (a failover, a restart, an operator's
 * pg_terminate_backend): requests caught by it answer a clear 503 in the documented error shape,
 * the process keeps running, and it serves again at once, without a restart. PGlite has no
 * connections to drop.
 */
let server: TestServer;
let admin: pg.Client;
// Each supporter's pledges and their retries stay within the per-user pledge rate limit.
const SUPPORTERS = 12;
const PLEDGES_EACH = 12;
const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });

beforeAll(async () => {
  if (testDriver !== 'postgres') return;
  server = await startTestServer();
  admin = new pg.Client({ connectionString: server.config.databaseUrl });
  await admin.connect();
});
afterAll(async () => {
  agent.destroy();
  await admin?.end();
  await server?.close();
});

interface Answer {
  status: number;
  body: { success?: boolean; code?: string; message?: string; error?: string; errorId?: string; data?: { pledge?: { _id: string } } };
  retryAfter: string | undefined;
}

function post(url: string, token: string, key: string, body: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(url, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key, 'content-length': Buffer.byteLength(payload) },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Answer['body'], retryAfter: response.headers['retry-after'] }),
      );
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/** Ends every server connection of the app's database but the test's own. */
const dropConnections = () =>
  admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');

describe.skipIf(testDriver !== 'postgres')('PostgreSQL connections dropped under load', () => {
  it('answers 503 in the error shape, loses no acknowledged pledge, and recovers without a restart', { timeout: 120_000 }, async () => {
    const host = await signUp(server.url);
    const campaign = await createCampaign(server.app, host.user._id, { status: 'approved' });
    const supporters = await Promise.all(Array.from({ length: SUPPORTERS }, (_, index) => supporterWithCard(server, `Steady Supporter ${index}`)));
    const url = `${server.url}/api/events/${campaign.id}/pledges`;
    const requests = Array.from({ length: SUPPORTERS * PLEDGES_EACH }, (_, nth) => ({
      supporter: supporters[nth % SUPPORTERS]!,
      key: `drop-${nth}`,
      amountCents: 500 + nth,
    }));
    const send = (request: (typeof requests)[number]) =>
      post(url, request.supporter.client.accessToken!, request.key, {
        amount: request.amountCents / 100,
        tip_percent: 0,
        payment_method_id: request.supporter.cardId,
      });

    // The burst runs while every connection is dropped, again and again.
    let storming = true;
    const storm = (async () => {
      let rounds = 0;
      while (storming) {
        await dropConnections();
        rounds += 1;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return rounds;
    })();
    const answers = await Promise.all(requests.map(send));
    storming = false;
    expect(await storm).toBeGreaterThan(0);

    const unavailable = answers.filter((answer) => answer.status === 503);
    expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 503)).toEqual([]);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) {
      expect(answer.body).toMatchObject({
        success: false,
        code: 'DATABASE_UNAVAILABLE',
        message: 'The database cannot be reached right now. Please try again in a moment.',
      });
      expect(answer.body.errorId).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.retryAfter).toBe('2');
      expect(JSON.stringify(answer.body)).not.toMatch(/\bat .*\.ts|terminat|pg_|SELECT|INSERT/i);
    }

    // The same process serves again at once: every refused pledge, sent again with its key, is taken.
    // (A moment first, for the pool to hear of the last connections the storm ended.)
    await new Promise((resolve) => setTimeout(resolve, 200));
    const retried = await Promise.all(requests.map((request, index) => (answers[index]!.status === 201 ? answers[index]! : send(request))));
    expect(retried.map((answer) => answer.status).filter((status) => status !== 201)).toEqual([]);
    // An acknowledged pledge answered a retry of its key with itself; each key is one pledge.
    for (const [index, answer] of answers.entries())
      if (answer.status === 201) expect(retried[index]!.body.data!.pledge!._id).toBe(answer.body.data!.pledge!._id);
    const rows = await server.app.ctx.db
      .select()
      .from(pledges)
      .where(inArray(pledges.eventId, [campaign.id]));
    expect(rows).toHaveLength(requests.length);
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set(retried.map((answer) => answer.body.data!.pledge!._id)));
    expect(rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(requests.reduce((sum, request) => sum + request.amountCents, 0));
    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status).toBe(200);
  });
});
