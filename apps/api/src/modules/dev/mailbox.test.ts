import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient } from '../../test/client.ts';
import { mailboxEnabled } from './routes.ts';

const local = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/pledgeway-mailbox-rule', JWT_SECRET: 'x'.repeat(32), ...env });

describe('which installs have a mailbox', () => {
  it('exists for the embedded local default, also built for production', () => {
    expect(mailboxEnabled(local({}))).toBe(true);
  });
  it('never exists in a production deployment on PostgreSQL, behind a proxy, on a public address or with SMTP', () => {
    expect(mailboxEnabled(local({ DATABASE_URL: 'postgres://db/app' }))).toBe(false);
    expect(mailboxEnabled(local({ TRUST_PROXY: '1' }))).toBe(false);
    expect(mailboxEnabled(local({ PUBLIC_URL: 'https://pledgeway.org' }))).toBe(false);
    expect(mailboxEnabled(local({ SMTP_URL: 'smtp://mail:25' }))).toBe(false);
  });
});

describe('who may read the mailbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers a direct connection from this machine', async () => {
    expect((await new TestClient(server.url).get('/api/dev/mailbox?limit=1')).status).toBe(200);
  });

  it('refuses a request a reverse proxy on this machine forwarded, even from the loopback address', async () => {
    for (const headers of <Record<string, string>[]>[{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }, { 'x-real-ip': '203.0.113.9' }]) {
      const response = await new TestClient(server.url).request('GET', '/api/dev/mailbox?limit=1', { headers });
      expect(response.status).toBe(404);
      expect(response.data.code).toBe('NOT_FOUND');
    }
  });

  it('does not exist when a proxy is trusted', async () => {
    const proxied = await startTestServer({ trustProxy: true });
    try {
      expect((await new TestClient(proxied.url).get('/api/dev/mailbox?limit=1')).status).toBe(404);
    } finally {
      await proxied.close();
    }
  });
});
