import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, unsafeProductionSettings } from '../../config.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { mailboxEnabled, mayReadMailbox } from './routes.ts';
import { adminClient } from '../../test/factories.ts';

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
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await adminClient(server);
  });
  afterAll(() => server.close());

  it('answers a signed-in admin', async () => {
    const response = await admin.get('/api/dev/mailbox?limit=1');
    expect(response.status).toBe(200);
    expect(response.data.success).toBe(true);
  });

  it('refuses a request from this machine without forwarding headers, as a same-host proxy (nginx, socat, an SSH tunnel) sends it', async () => {
    const stranger = await signUp(server.url);
    const cases: [string, TestClient][] = [
      ['not signed in', new TestClient(server.url)],
      ['signed in, not an admin', stranger.client],
    ];
    for (const [who, client] of cases) {
      const response = await client.get('/api/dev/mailbox?limit=1');
      expect(response.status, who).toBe(404);
      expect(response.data.code, who).toBe('NOT_FOUND');
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

  it('answers without a sign-in only under npm run dev (DEV_MAILBOX_OPEN), which production refuses', async () => {
    const dev = await startTestServer({ devMailboxOpen: true, env: 'development' });
    try {
      expect((await new TestClient(dev.url).get('/api/dev/mailbox?limit=1')).status).toBe(200);
    } finally {
      await dev.close();
    }
    expect(mayReadMailbox(local({ DEV_MAILBOX_OPEN: '1' }), null)).toBe(false);
    expect(unsafeProductionSettings(local({ DEV_MAILBOX_OPEN: '1', ALLOW_SANDBOX_PAYMENTS: '1', ALLOW_OUTBOX_EMAIL: '1' }))).toEqual([
      expect.stringContaining('DEV_MAILBOX_OPEN'),
    ]);
  });
});
