import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { outboxEmails } from '../db/schema.ts';
import { testServerAt } from './harness.ts';

/** A small HTTP client for API tests that keeps cookies like a browser would. */
export class TestClient {
  cookies = new Map<string, string>();
  accessToken: string | undefined;

  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, options: { json?: unknown; form?: FormData; body?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (this.accessToken) headers.authorization = `Bearer ${this.accessToken}`;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    } else if (options.body !== undefined) {
      body = options.body;
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attributes.some((attribute) => /expires=thu, 01 jan 1970/i.test(attribute.trim())) || value === '';
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const text = await response.text();
    let data: any; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = text;
    }
    return { status: response.status, data, headers: response.headers };
  }

  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, json?: unknown) {
    return this.request('POST', path, { json });
  }
  put(path: string, json?: unknown) {
    return this.request('PUT', path, { json });
  }
  delete(path: string) {
    return this.request('DELETE', path);
  }
}

export async function pngImage(width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 245, g: 183, b: 0 } } })
    .png()
    .toBuffer();
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

/**
 * Confirms `email` the way its owner does: opens the link of the confirmation e-mail. The mail is
 * read from the server's outbox (a test server of this file), else from its development mailbox
 * (a server started with DEV_MAILBOX_OPEN, as `npm run dev` is).
 */
export async function confirmEmailOf(baseUrl: string, email: string): Promise<void> {
  const client = new TestClient(baseUrl);
  const mails = await confirmationMailsTo(baseUrl, email);
  const mail = mails.find((message) => message.kind === 'email-confirmation');
  const token = mail && new URL(/https?:\/\/\S+\/confirm-email\?token=\S+/.exec(mail.text)![0]).searchParams.get('token');
  if (!token) throw new Error(`no confirmation e-mail to ${email}`);
  const confirmed = await client.post('/api/auth/confirm-email', { token });
  if (confirmed.status !== 200) throw new Error(`confirming ${email} failed: ${JSON.stringify(confirmed.data)}`);
}

async function confirmationMailsTo(baseUrl: string, email: string): Promise<Array<{ kind: string; text: string }>> {
  const server = testServerAt(baseUrl);
  if (server) return server.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, email.toLowerCase()));
  const mailbox = await new TestClient(baseUrl).get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  if (mailbox.status !== 200) throw new Error(`no mailbox to confirm ${email} with (status ${mailbox.status}): sign up with { confirmEmail: false }`);
  return mailbox.data.data as Array<{ kind: string; text: string }>;
}

/**
 * Registers (default avatar), confirms the e-mail address through its link (unless
 * `confirmEmail: false`, for the tests of an unconfirmed account) and logs in; returns the
 * signed-in client.
 */
export async function signUp(baseUrl: string, options: { name?: string; email?: string; password?: string; confirmEmail?: boolean } = {}) {
  const client = new TestClient(baseUrl);
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'Correct-Horse-42';
  const form = new FormData();
  form.set('name', options.name ?? 'Test Person');
  form.set('email', email);
  form.set('password', password);
  form.set('use_default_avatar', 'true');
  const registered = await client.request('POST', '/api/site/register', { form });
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.data)}`);
  if (options.confirmEmail ?? true) await confirmEmailOf(baseUrl, email);
  const login = await client.post('/api/site/login', { email, password });
  client.accessToken = login.data.user.accessToken;
  return { client, email, password, user: login.data.user as { _id: string } };
}
