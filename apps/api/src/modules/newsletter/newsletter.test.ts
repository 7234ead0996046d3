import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_MESSAGES } from '@pledgeway/domain/schemas/newsletter';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient, uniqueEmail } from '../../test/client.ts';
import { newsletterSubscriptions } from './tables.ts';
import { adminClient } from '../../test/factories.ts';

let server: TestServer;
let client: TestClient;
/** The outbox answers a signed-in admin only. */
let mailboxReader: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.url);
  mailboxReader = await adminClient(server);
});
afterAll(async () => {
  await server.close();
});

async function confirmationMails(email: string): Promise<Array<{ text: string; kind: string }>> {
  const mailbox = await mailboxReader.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  return mailbox.data.data.filter((mail: { kind: string }) => mail.kind === 'newsletter-confirm');
}

function linkIn(text: string): string {
  const match = /(\/api\/newsletter\/confirm\?token=[\w-]+)/.exec(text);
  if (!match) throw new Error(`no confirmation link in: ${text}`);
  return match[1]!;
}

async function subscription(email: string) {
  const [row] = await server.app.ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
  return row;
}

describe('newsletter', () => {
  it('subscribes with a confirmation e-mail; the link confirms and redirects to the web page', async () => {
    const email = uniqueEmail('news');
    const response = await client.post('/api/newsletter', { email: `  ${email.toUpperCase()} ` });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ success: true, message: NEWSLETTER_MESSAGES.subscribed });
    expect((await subscription(email))?.confirmedAt).toBeNull();

    const [mail] = await confirmationMails(email);
    const confirm = await fetch(`${server.url}${linkIn(mail!.text)}`, { redirect: 'manual' });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe('/newsletter/confirmed?status=confirmed');
    expect((await subscription(email))?.confirmedAt).toBeInstanceOf(Date);
  });

  it('answers a repeated subscription the same way; an unconfirmed one gets a fresh link, the old one stops working', async () => {
    const email = uniqueEmail('again');
    const first = await client.post('/api/newsletter', { email });
    const second = await client.post('/api/newsletter', { email });
    expect(second.status).toBe(200);
    expect(second.data).toEqual(first.data);
    const mails = await confirmationMails(email); // newest first
    expect(mails).toHaveLength(2);
    const stale = await fetch(`${server.url}${linkIn(mails[1]!.text)}`, { redirect: 'manual' });
    expect(stale.headers.get('location')).toBe('/newsletter/confirmed?status=invalid');
    const fresh = await fetch(`${server.url}${linkIn(mails[0]!.text)}`, { redirect: 'manual' });
    expect(fresh.headers.get('location')).toBe('/newsletter/confirmed?status=confirmed');

    // Once confirmed, subscribing again changes nothing and sends nothing.
    const third = await client.post('/api/newsletter', { email });
    expect(third.data).toEqual(first.data);
    expect(await confirmationMails(email)).toHaveLength(2);
    expect((await subscription(email))?.confirmedAt).toBeInstanceOf(Date);
    const rows = await server.app.ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
    expect(rows).toHaveLength(1);
  });

  it('refuses an empty, blank or invalid address with the messages of docs/product.md#newsletter and stores nothing', async () => {
    for (const [email, message] of [
      ['', NEWSLETTER_MESSAGES.emailRequired],
      ['   ', NEWSLETTER_MESSAGES.emailRequired],
      ['someone@nowhere', NEWSLETTER_MESSAGES.emailInvalid],
    ] as const) {
      const response = await client.post('/api/newsletter', { email });
      expect(response.status).toBe(400);
      expect(response.data.fields.email).toBe(message);
    }
    expect((await client.post('/api/newsletter', {})).data.fields.email).toBe(NEWSLETTER_MESSAGES.emailRequired);
    expect(await subscription('someone@nowhere')).toBeUndefined();
  });

  it('treats a missing or unknown token as invalid', async () => {
    for (const path of ['/api/newsletter/confirm', '/api/newsletter/confirm?token=nope']) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/newsletter/confirmed?status=invalid');
    }
  });
});
