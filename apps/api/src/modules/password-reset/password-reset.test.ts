import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, PASSWORD_RESET_MESSAGES } from '@pledgeway/domain';
import { signUp, TestClient, uniqueEmail } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { adminClient } from '../../test/factories.ts';

let server: TestServer;
/** The outbox answers a signed-in admin only. */
let mailboxReader: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  mailboxReader = await adminClient(server);
});
afterAll(async () => server.close());

/** The mail is queued after the answer, so it is read when it arrives. */
async function resetLink(email: string): Promise<string> {
  let mail: { text: string } | undefined;
  for (let attempt = 0; attempt < 50 && !mail; attempt += 1) {
    const mailbox = await mailboxReader.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    mail = mailbox.data.data.find((item: { kind: string }) => item.kind === 'password-reset');
    if (!mail) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const match = /token=([A-Za-z0-9_%-]+)/.exec(mail!.text);
  return decodeURIComponent(match![1]!);
}

describe('forgot and reset password', () => {
  it('answers the same way for unknown and known e-mails, and mails only the real account', async () => {
    const anonymous = new TestClient(server.url);
    const unknown = uniqueEmail('nobody');
    const a = await anonymous.post('/api/site/forgot-password', { email: unknown });
    const { email } = await signUp(server.url);
    const b = await anonymous.post('/api/site/forgot-password', { email });
    expect(a.status).toBe(200);
    expect(a.data).toEqual(b.data);
    expect(a.data.message).toBe(PASSWORD_RESET_MESSAGES.sent);
    expect((await mailboxReader.get(`/api/dev/mailbox?to=${unknown}`)).data.data).toEqual([]);
    expect(await resetLink(email)).toBeTruthy();
    expect((await anonymous.post('/api/site/forgot-password', { email: 'not-an-email' })).data.message).toBe('Email is invalid');
  });

  it('answers before the mail is sent, so a known e-mail takes no longer than an unknown one', async () => {
    const { email } = await signUp(server.url);
    const mailer = server.app.ctx.mailer;
    const send = mailer.send;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sending = 0;
    mailer.send = async (message) => {
      sending += 1;
      await held;
      return send.call(mailer, message);
    };
    try {
      const answer = await new TestClient(server.url).post('/api/site/forgot-password', { email });
      expect(answer.status).toBe(200);
      // The answer arrived while the mail is held back (before the fix the request waited for it).
      await vi.waitFor(() => expect(sending).toBe(1));
    } finally {
      release();
      mailer.send = send;
    }
    expect(await resetLink(email)).toBeTruthy();
  });

  it('sets a new password once, ends every session, and refuses weak passwords', async () => {
    const { client, email, password } = await signUp(server.url);
    const anonymous = new TestClient(server.url);
    await anonymous.post('/api/site/forgot-password', { email });
    const token = await resetLink(email);

    const short = await anonymous.post('/api/site/reset-password', { token, new_password: 'short' });
    expect(short.data.fields.new_password).toBe(AUTH_MESSAGES.passwordTooShort);
    const common = await anonymous.post('/api/site/reset-password', { token, new_password: 'password123' });
    expect(common.data.fields.new_password).toBe(AUTH_MESSAGES.passwordTooCommon);

    const done = await anonymous.post('/api/site/reset-password', { token, new_password: 'Brand-New-Secret-9' });
    expect(done.status).toBe(200);
    expect(done.data.message).toBe(PASSWORD_RESET_MESSAGES.done);
    const again = await anonymous.post('/api/site/reset-password', { token, new_password: 'Another-Secret-10' });
    expect(again.status).toBe(400);
    expect(again.data.message).toBe(PASSWORD_RESET_MESSAGES.invalidToken);

    expect((await client.post('/api/site/refresh-token')).status).toBe(401);
    expect((await anonymous.post('/api/site/login', { email, password })).status).toBe(401);
    expect((await anonymous.post('/api/site/login', { email, password: 'Brand-New-Secret-9' })).status).toBe(200);
  });

  it('refuses an expired link and a link replaced by a newer one', async () => {
    const { email } = await signUp(server.url);
    const anonymous = new TestClient(server.url);
    await anonymous.post('/api/site/forgot-password', { email });
    const old = await resetLink(email);
    await server.app.ctx.database.query(`update password_reset_tokens set expires_at = now() - interval '1 minute'`);
    expect((await anonymous.post('/api/site/reset-password', { token: old, new_password: 'Brand-New-Secret-9' })).status).toBe(400);
  });
});
