import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient, signUp } from '../../test/client.ts';

let server: TestServer;
beforeAll(async () => {
  // A tight log-in limit, so a visitor's page loads would run into it if they counted.
  server = await startTestServer({ authRateLimitPerMinute: 4 });
});
afterAll(async () => server.close());

describe('the session hint cookie', () => {
  it('is set, readable by the page, at log-in and on refresh, and cleared at log-out', async () => {
    const client = new TestClient(server.url);
    const { email, password } = await signUp(server.url);
    const login = await client.request('POST', '/api/site/login', { json: { email, password } });
    const hint = login.headers.getSetCookie().find((cookie) => cookie.startsWith('has_session='));
    expect(hint).toMatch(/^has_session=1;/);
    expect(hint).toMatch(/Path=\//);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(client.cookies.get('has_session')).toBe('1');
    expect((await client.post('/api/site/refresh-token')).status).toBe(200);
    expect(client.cookies.get('has_session')).toBe('1');
    expect((await client.post('/api/site/logout', {})).status).toBe(200);
    expect(client.cookies.has('has_session')).toBe(false);
    expect(client.cookies.has('refresh_token')).toBe(false);
  });

  it('is cleared when a refresh fails', async () => {
    const client = new TestClient(server.url);
    client.cookies.set('refresh_token', 'made-up');
    client.cookies.set('has_session', '1');
    expect((await client.post('/api/site/refresh-token')).status).toBe(401);
    expect(client.cookies.has('has_session')).toBe(false);
  });
});

describe('a visitor without a session', () => {
  it('never uses up the refresh or log-in limit, however many pages they load', async () => {
    const visitor = new TestClient(server.url);
    for (let load = 0; load < 12; load++) expect((await visitor.post('/api/site/refresh-token')).status).toBe(401);
    const { email, password } = await signUp(server.url);
    expect((await visitor.post('/api/site/login', { email, password })).status).toBe(200);
  });
});
