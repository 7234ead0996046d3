import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { TestClient } from '../test/client.ts';

const TOKEN = 'metrics-token-for-the-tests';
let withToken: TestServer;
beforeAll(async () => {
  withToken = await startTestServer({ metricsToken: TOKEN });
});
afterAll(() => withToken.close());

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

  it('is not public: a wrong or missing token gets 404, also from this machine', async () => {
    const client = new TestClient(withToken.url);
    expect((await client.get('/metrics')).status).toBe(404);
    expect((await client.request('GET', '/metrics', { headers: { authorization: 'Bearer wrong-token-of-same-len' } })).status).toBe(404);
  });

  it('without a token, answers only a direct loopback connection and never behind a trusted proxy', async () => {
    const local = await startTestServer();
    const proxied = await startTestServer({ trustProxy: true });
    try {
      expect((await new TestClient(local.url).get('/metrics')).status).toBe(200);
      expect((await new TestClient(local.url).request('GET', '/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);
      expect((await new TestClient(proxied.url).get('/metrics')).status).toBe(404);
    } finally {
      await local.close();
      await proxied.close();
    }
  });
});
