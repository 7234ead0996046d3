import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { TestClient } from '../test/client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('security headers', () => {
  it('sends a strict policy set on API answers and errors alike', async () => {
    const anonymous = new TestClient(server.url);
    for (const path of ['/api/health', '/api/events/allActive', '/api/nothing-here', '/api/payment-methods']) {
      const { headers } = await anonymous.get(path);
      expect(headers.get('permissions-policy'), path).toContain('camera=()');
      expect(headers.get('permissions-policy'), path).toContain('geolocation=()');
      expect(headers.get('content-security-policy'), path).toContain("script-src 'self'");
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(headers.get('strict-transport-security'), path).toContain('max-age=');
      expect(headers.get('x-powered-by'), path).toBeNull();
    }
  });
});

describe('health and readiness', () => {
  it('answers ready while the database is reachable and 503 in the one error shape when it is not', async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get('/api/health')).data).toEqual({ status: 'ok' });
    expect((await anonymous.get('/api/ready')).data).toEqual({ status: 'ready' });
    const database = server.app.ctx.database;
    const query = database.query;
    database.query = () => Promise.reject(new Error('connection terminated'));
    try {
      const down = await anonymous.get('/api/ready');
      expect(down.status).toBe(503);
      expect(down.data).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
      expect((await anonymous.get('/api/health')).status).toBe(200);
    } finally {
      database.query = query;
    }
    expect((await anonymous.get('/api/ready')).status).toBe(200);
  });
});
