import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient } from '../../test/client.ts';
import { databaseRateLimitStore, deleteEndedWindows } from './store.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ authRateLimitPerMinute: 3 });
});
afterAll(async () => {
  await server.close();
});

type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];
const routeStore = (method: string, url: string) => {
  const Store = databaseRateLimitStore(server.app.ctx.database);
  return new Store({}).child({ routeInfo: { method, url } } as unknown as ChildOptions);
};
const hit = (store: FastifyRateLimitStore, key: string, timeWindow = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    (store.incr as (key: string, cb: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) => void)(
      key,
      (error, result) => (error ? reject(error) : resolve(result!)),
      timeWindow,
    ),
  );

describe('rate limit counters in the database', () => {
  it('counts the hits of every instance together, per route and client', async () => {
    // Two stores over one database stand for two instances behind a load balancer.
    const first = routeStore('POST', '/api/site/login');
    const second = routeStore('POST', '/api/site/login');
    expect((await hit(first, '203.0.113.5')).current).toBe(1);
    expect((await hit(second, '203.0.113.5')).current).toBe(2);
    const third = await hit(first, '203.0.113.5');
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(55_000);
    expect(third.ttl).toBeLessThanOrEqual(60_000);
    expect((await hit(second, '198.51.100.7')).current).toBe(1);
    expect((await hit(routeStore('POST', '/api/site/register'), '203.0.113.5')).current).toBe(1);
  });

  it('starts a new window once the last one has ended, and cleans ended windows up', async () => {
    const store = routeStore('POST', '/api/site/refresh-token');
    await hit(store, '192.0.2.1', 50);
    expect((await hit(store, '192.0.2.1', 50)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await hit(store, '192.0.2.1', 50)).current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await deleteEndedWindows(server.app.ctx.database)).toBeGreaterThanOrEqual(1);
    expect((await hit(store, '192.0.2.1', 50)).current).toBe(1);
  });

  it('is what the routes use: parallel log-ins past the limit get 429, never more passes than the limit', { tags: ['concurrency'] }, async () => {
    const client = new TestClient(server.url);
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () => client.post('/api/site/login', { email: 'nobody@example.com', password: 'whatever-1' })),
    );
    const statuses = attempts.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const [row] = await server.app.ctx.database.query<{ hits: number }>("select hits from rate_limit_counters where key = 'POST/api/site/login-127.0.0.1'");
    expect(Number(row!.hits)).toBe(8);
  });
});
