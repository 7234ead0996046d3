import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, testDriver, type TestServer } from '../test/harness.ts';
import { signUp, TestClient } from '../test/client.ts';
import { createCampaign } from '../test/factories.ts';
import { webhookEvents } from '../modules/webhooks/tables.ts';
import { OUTBOX_QUEUE } from '../providers/email/index.ts';
import { createMetrics, type MetricSources } from './metrics.ts';

const TOKEN = 'metrics-token-for-the-tests';
let withToken: TestServer;
let withoutToken: TestServer;
beforeAll(async () => {
  withToken = await startTestServer({ metricsToken: TOKEN });
  withoutToken = await startTestServer();
});
afterAll(async () => {
  await withToken.close();
  await withoutToken.close();
});

/** A TCP forwarder on 127.0.0.1, as socat or an SSH tunnel is: it adds no forwarding headers. */
async function sameHostProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const { port } = new URL(target);
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((incoming) => {
    const upstream = net.connect(Number(port), '127.0.0.1');
    for (const socket of [incoming, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    incoming.pipe(upstream).pipe(incoming);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    // The client keeps its connection alive: end it, or close would wait for it.
    close: () =>
      new Promise((resolve) => {
        proxy.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

describe('GET /metrics', () => {
  it('serves request latency by route pattern and the job and charge counters with the bearer token', async () => {
    const client = new TestClient(withToken.url);
    await client.get('/api/events/allActive');
    withToken.app.ctx.metrics.charges.inc({ outcome: 'succeeded' });
    withToken.app.ctx.metrics.jobs.inc({ job: 'charge-run', outcome: 'succeeded' });
    const metrics = await client.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.status).toBe(200);
    expect(metrics.data).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/events/allActive",status="200"}');
    expect(metrics.data).toContain('pledgeway_charges_total{outcome="succeeded"} 1');
    expect(metrics.data).toContain('pledgeway_jobs_total{job="charge-run",outcome="succeeded"} 1');
  });

  it('answers the token through a same-host proxy too: the token decides, not the address', async () => {
    const proxy = await sameHostProxy(withToken.url);
    try {
      const metrics = await new TestClient(proxy.url).request('GET', '/metrics', { headers: { authorization: `bearer ${TOKEN}` } });
      expect(metrics.status).toBe(200);
      expect(metrics.data).toContain('pledgeway_charges_total');
    } finally {
      await proxy.close();
    }
  });

  it('is not public: a missing, wrong, longer or shorter token gets 404, also from this machine', async () => {
    const client = new TestClient(withToken.url);
    expect((await client.get('/metrics')).status).toBe(404);
    for (const sent of ['Bearer wrong-token-of-same-len', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer ', TOKEN, `Basic ${TOKEN}`]) {
      expect((await client.request('GET', '/metrics', { headers: { authorization: sent } })).status).toBe(404);
    }
  });

  it('without METRICS_TOKEN answers nobody, not even a loopback connection without forwarding headers', async () => {
    const direct = await new TestClient(withoutToken.url).get('/metrics');
    expect(direct.status).toBe(404);
    expect(direct.data).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await new TestClient(withoutToken.url).request('GET', '/metrics', { headers: { authorization: 'Bearer ' } })).status).toBe(404);
  });

  it('refuses a request relayed by a same-host proxy (127.0.0.1, no forwarding headers, no token)', async () => {
    for (const server of [withoutToken, withToken]) {
      const proxy = await sameHostProxy(server.url);
      try {
        const relayed = await new TestClient(proxy.url).get('/metrics');
        expect(relayed.status).toBe(404);
        expect(String(relayed.data)).not.toContain('process_cpu');
      } finally {
        await proxy.close();
      }
    }
  });
});

/** The scrape, as Prometheus makes it. */
async function scrape(): Promise<string> {
  const response = await new TestClient(withToken.url).request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return String(response.data);
}

/** A sample's value in a scrape (`name{labels} value`), or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics: the gauges of the app's state", () => {
  it('counts the open live streams: one opened is 1, closed is 0 again', async () => {
    const host = await signUp(withToken.url);
    const campaign = await createCampaign(withToken.app, host.user._id, { status: 'approved' });
    expect(sample(await scrape(), 'pledgeway_live_streams')).toBe(0);
    const controller = new AbortController();
    const response = await fetch(`${withToken.url}/api/events/${campaign.id}/live`, { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read(); // the first message: the stream is open
    expect(sample(await scrape(), 'pledgeway_live_streams')).toBe(1);
    controller.abort();
    await vi.waitFor(async () => expect(sample(await scrape(), 'pledgeway_live_streams')).toBe(0));
  });

  it("counts a queue's waiting jobs: a job queued is one more", async () => {
    const { jobs } = withToken.app.ctx;
    await jobs.drain();
    // A defined queue shows from the start, at 0 when empty (sign-ups queue mail, due seconds later).
    const before = sample(await scrape(), `pledgeway_job_queue_depth{queue="${OUTBOX_QUEUE}"}`)!;
    expect(before).toBeGreaterThanOrEqual(0);
    // Deferred an hour: it waits, as a job behind a busy worker does.
    await jobs.send(OUTBOX_QUEUE, {}, { startAfterSeconds: 3600 });
    expect(sample(await scrape(), `pledgeway_job_queue_depth{queue="${OUTBOX_QUEUE}"}`)).toBe(before + 1);
  });

  it('shows the webhook outbox backlog and the age of its oldest event, back to none once dispatched', async () => {
    const { db } = withToken.app.ctx;
    const before = await scrape();
    const unsent = sample(before, 'pledgeway_outbox_unsent_events{outbox="webhook_events"}')!;
    expect(unsent).toBeGreaterThanOrEqual(0);
    const [event] = await db
      .insert(webhookEvents)
      .values({ type: 'pledge.created', ownerType: 'host', ownerId: randomUUID(), subjectId: randomUUID(), createdAt: new Date(Date.now() - 120_000) })
      .returning({ id: webhookEvents.id });
    const during = await scrape();
    expect(sample(during, 'pledgeway_outbox_unsent_events{outbox="webhook_events"}')).toBe(unsent + 1);
    expect(sample(during, 'pledgeway_outbox_oldest_unsent_age_seconds{outbox="webhook_events"}')).toBeGreaterThanOrEqual(119);
    await db.update(webhookEvents).set({ dispatchedAt: new Date() }).where(eq(webhookEvents.id, event!.id));
    const after = await scrape();
    expect(sample(after, 'pledgeway_outbox_unsent_events{outbox="webhook_events"}')).toBe(unsent);
    if (unsent === 0) expect(sample(after, 'pledgeway_outbox_oldest_unsent_age_seconds{outbox="webhook_events"}')).toBe(0);
  });

  it.runIf(testDriver === 'postgres')("shows the PostgreSQL pool's connections: one held by a transaction is not idle", async () => {
    const { db } = withToken.app.ctx;
    await db.transaction(async (tx) => {
      await tx.execute('select 1');
      const during = await scrape();
      const open = sample(during, 'pledgeway_db_pool_connections{state="open"}')!;
      const idle = sample(during, 'pledgeway_db_pool_connections{state="idle"}')!;
      expect(open - idle).toBeGreaterThanOrEqual(1);
      expect(sample(during, 'pledgeway_db_pool_connections{state="waiting"}')).toBe(0);
    });
    const after = await scrape();
    expect(sample(after, 'pledgeway_db_pool_connections{state="idle"}')).toBe(sample(after, 'pledgeway_db_pool_connections{state="open"}'));
  });

  it.runIf(testDriver === 'pglite')('has no pool series on the embedded database (one connection, no pool)', async () => {
    expect(await scrape()).not.toContain('pledgeway_db_pool_connections{');
  });

  it('serves the other metrics when a reading fails, with that gauge empty and a warning logged', async () => {
    const warn = vi.fn();
    const sources = {
      database: { query: () => Promise.reject(new Error('database gone')), poolState: () => ({ total: 3, idle: 1, waiting: 2 }) },
      jobs: { depths: async () => new Map([['charge-run', 4]]) },
      log: { warn },
    } as unknown as MetricSources;
    const text = await createMetrics(sources).registry.metrics();
    expect(sample(text, 'pledgeway_job_queue_depth{queue="charge-run"}')).toBe(4);
    expect(sample(text, 'pledgeway_db_pool_connections{state="waiting"}')).toBe(2);
    expect(sample(text, 'pledgeway_outbox_unsent_events{outbox="webhook_events"}')).toBeUndefined();
    expect(sample(text, 'pledgeway_outbox_oldest_unsent_age_seconds{outbox="webhook_events"}')).toBeUndefined();
    expect(text).not.toContain('pledgeway_outbox_unsent_events{');
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'metrics: outbox backlog not read');
  });

  it("lets go of the app's database once detached: process-wide observers keep the registry, never what it read", async () => {
    const query = vi.fn(async () => [{ unsent: 0, oldest: null }]);
    const poolState = vi.fn(() => ({ total: 1, idle: 1, waiting: 0 }));
    const depths = vi.fn(async () => new Map<string, number>());
    const metrics = createMetrics({ database: { query, poolState }, jobs: { depths }, log: { warn: vi.fn() } } as unknown as MetricSources);
    await metrics.registry.metrics();
    expect(query).toHaveBeenCalledTimes(1);
    metrics.detach();
    // A scrape still answered by the kept registry reads nothing of the closed app.
    expect((await metrics.registry.metrics()).trim()).toBe('');
    expect(query).toHaveBeenCalledTimes(1);
    expect(poolState).toHaveBeenCalledTimes(1);
    expect(depths).toHaveBeenCalledTimes(1);
  });
});
