import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { TestClient } from '../test/client.ts';

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
