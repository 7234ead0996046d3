import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@pledgeway/domain/schemas/contact';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient } from '../../test/client.ts';
import { contactMessages } from '../../db/schema.ts';
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

const valid = {
  tab: 'support',
  name: 'Rosa Diaz',
  email: 'Rosa@Example.com',
  phone: '+1 (555) 010-2030 #12',
  eventName: 'Polar Plunge',
  message: 'Can I change my pledge?',
};

async function storedCount() {
  return (await server.app.ctx.db.select().from(contactMessages)).length;
}

describe('POST /api/contact', () => {
  it('stores a valid message and e-mails a copy to support', async () => {
    const response = await client.post('/api/contact', valid);
    expect(response.status).toBe(201);
    expect(response.data).toMatchObject({ success: true, message: CONTACT_MESSAGES.sent });
    const [row] = await server.app.ctx.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(1);
    expect(row).toMatchObject({
      id: response.data.id,
      tab: 'support',
      name: 'Rosa Diaz',
      email: 'rosa@example.com',
      phone: '+1 (555) 010-2030 #12',
      eventName: 'Polar Plunge',
    });
    const mailbox = await mailboxReader.get(`/api/dev/mailbox?to=${encodeURIComponent(server.config.supportEmail)}`);
    const mail = mailbox.data.data.find((item: { kind: string }) => item.kind === 'contact-message');
    expect(mail.subject).toBe('[User Support] Polar Plunge');
    expect(mail.text).toContain('rosa@example.com');
    expect(mail.text).toContain('Can I change my pledge?');
  });

  it('accepts a message without name or text and defaults to the Campaign Organizer tab', async () => {
    const response = await client.post('/api/contact', { email: 'a@b.co', phone: '5550100', eventName: 'Chili' });
    expect(response.status).toBe(201);
    const [row] = await server.app.ctx.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(1);
    expect(row).toMatchObject({ tab: 'organizer', name: '', message: '' });
  });

  it.each([
    [{ email: '' }, 'email', CONTACT_MESSAGES.emailRequired],
    [{ email: 'not-an-email' }, 'email', CONTACT_MESSAGES.emailInvalid],
    [{ phone: '   ' }, 'phone', CONTACT_MESSAGES.phoneRequired],
    [{ phone: '555-CALL-NOW' }, 'phone', CONTACT_MESSAGES.phoneInvalid],
    [{ eventName: '' }, 'eventName', CONTACT_MESSAGES.eventNameRequired],
  ])('refuses %j with its message and stores nothing', async (change, field, message) => {
    const before = await storedCount();
    const response = await client.post('/api/contact', { ...valid, ...change });
    expect(response.status).toBe(400);
    expect(response.data.fields[field]).toBe(message);
    expect(await storedCount()).toBe(before);
  });

  it('allows every phone character docs/product.md#contact-form lists', async () => {
    const response = await client.post('/api/contact', { ...valid, phone: '() # & + * - = . 0123456789' });
    expect(response.status).toBe(201);
  });

  it('refuses a missing email, phone and event name all at once, and an unknown tab', async () => {
    const response = await client.post('/api/contact', { tab: 'organizer' });
    expect(response.status).toBe(400);
    expect(response.data.fields).toMatchObject({
      email: CONTACT_MESSAGES.emailRequired,
      phone: CONTACT_MESSAGES.phoneRequired,
      eventName: CONTACT_MESSAGES.eventNameRequired,
    });
    expect((await client.post('/api/contact', { ...valid, tab: 'sales' })).status).toBe(400);
  });
});
