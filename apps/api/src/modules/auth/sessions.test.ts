import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient, signUp } from '../../test/client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

function secretKey() {
  return new TextEncoder().encode(server.config.jwtSecret);
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('an access token lives only as long as its account and its session', () => {
  it('carries the session id of its sign-in and an expiry', async () => {
    const { client } = await signUp(server.url);
    const claims = claimsOf(client.accessToken!);
    expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof claims.exp).toBe('number');
  });

  it('is refused at once after logging out of its session, while another session stays signed in', async () => {
    const first = await signUp(server.url);
    const second = new TestClient(server.url);
    second.accessToken = (await second.post('/api/site/login', { email: first.email, password: first.password })).data.user.accessToken;

    expect((await first.client.get('/api/site/auth-check')).status).toBe(200);
    expect((await first.client.post('/api/site/logout')).status).toBe(200);

    const afterLogout = await first.client.get('/api/site/auth-check');
    expect(afterLogout.status).toBe(401);
    expect((await second.get('/api/site/auth-check')).status).toBe(200);
  });

  it('is refused when logout sends only the bearer token (no refresh cookie)', async () => {
    const { client } = await signUp(server.url);
    client.cookies.clear();
    await client.post('/api/site/logout');
    expect((await client.get('/api/site/auth-check')).status).toBe(401);
  });

  it('is refused once the account is deleted', async () => {
    const { client, password } = await signUp(server.url);
    const keptToken = client.accessToken;
    expect((await client.post('/api/account/close', { password })).status).toBe(200);
    const stranger = new TestClient(server.url);
    stranger.accessToken = keptToken;
    expect((await stranger.get('/api/dashboard/my-profile')).status).toBe(401);
  });

  it('is refused once the account is disabled, and the disabled account cannot log in again', async () => {
    const { client, email, password, user } = await signUp(server.url);
    const now = new Date();
    await server.app.ctx.db.update(users).set({ disabledAt: now, tokensValidAfter: now }).where(eq(users.id, user._id));

    expect((await client.get('/api/site/auth-check')).status).toBe(401);
    const login = await new TestClient(server.url).post('/api/site/login', { email, password });
    expect(login.status).toBe(403);
    expect(login.data.message).toBe('This account has been disabled. Please contact support if you think this is a mistake.');
    expect(login.data.user).toBeUndefined();
  });

  it('is refused when issued before the account invalidated its tokens', async () => {
    const { client, user } = await signUp(server.url);
    await server.app.ctx.db
      .update(users)
      .set({ tokensValidAfter: new Date(Date.now() + 2000) })
      .where(eq(users.id, user._id));
    expect((await client.get('/api/site/auth-check')).status).toBe(401);
  });

  it('refuses a correctly signed token without an expiry', async () => {
    const { client } = await signUp(server.url);
    const claims = claimsOf(client.accessToken!);
    const forever = await new SignJWT({ role: claims.role, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .sign(secretKey());
    const holder = new TestClient(server.url);
    holder.accessToken = forever;
    expect((await holder.get('/api/site/auth-check')).status).toBe(401);

    // The same claims with an expiry pass, so the refusal above is about the missing `exp` alone.
    holder.accessToken = await new SignJWT({ role: claims.role, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(secretKey());
    expect((await holder.get('/api/site/auth-check')).status).toBe(200);
  });

  it('refuses a token without a session id', async () => {
    const { client } = await signUp(server.url);
    const claims = claimsOf(client.accessToken!);
    const holder = new TestClient(server.url);
    holder.accessToken = await new SignJWT({ role: claims.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(secretKey());
    expect((await holder.get('/api/site/auth-check')).status).toBe(401);
  });

  it('keeps working after a refresh, which issues a token of the same session', async () => {
    const { client } = await signUp(server.url);
    const sid = claimsOf(client.accessToken!).sid;
    const refreshed = await client.post('/api/site/refresh-token');
    expect(refreshed.status).toBe(200);
    client.accessToken = refreshed.data.accessToken;
    expect(claimsOf(client.accessToken!).sid).toBe(sid);
    expect((await client.get('/api/site/auth-check')).status).toBe(200);
  });
});
