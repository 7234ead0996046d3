import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { outboxEmails, pledges } from '../../db/schema.ts';
import type { MailTransport } from '../../providers/email/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signUp } from '../../test/client.ts';
import { createUnsubscribeTokens, UNSUBSCRIBE_MESSAGES } from './unsubscribe.ts';
import { createCampaign, createPledge } from '../../test/factories.ts';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server.url, { name: 'Casey Creator' });
});
afterAll(async () => {
  await server.close();
});

type Sent = Parameters<MailTransport['sendMail']>[0];

/** Posts an update and delivers the outbox through a stand-in transport: what left, as the mailbox provider gets it. */
async function postAndDeliver(eventId: string, message: string): Promise<Sent[]> {
  const form = new FormData();
  form.set('message', message);
  expect((await owner.client.request('POST', `/api/events/${eventId}/updates`, { form })).status).toBe(201);
  const sent: Sent[] = [];
  server.app.ctx.mailer.setTransport({ sendMail: async (mail) => void sent.push(mail) });
  try {
    await server.app.ctx.mailer.deliverDue();
  } finally {
    server.app.ctx.mailer.setTransport(undefined);
  }
  return sent.filter((mail) => mail.subject.startsWith('Update from'));
}

const wantsUpdates = async (userId: string, eventId: string) =>
  (
    await server.app.ctx.db
      .select({ notify: pledges.notifyUpdates })
      .from(pledges)
      .where(and(eq(pledges.userId, userId), eq(pledges.eventId, eventId)))
  ).map((row) => row.notify);

/** The link's address on the test server (the e-mail names PUBLIC_URL). */
const local = (url: string) => url.replace(server.app.ctx.config.publicUrl, server.url);

const oneClick = (url: string) =>
  fetch(local(url), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });

describe('one-click unsubscribe from update e-mails (RFC 8058)', () => {
  it('sends each update e-mail with List-Unsubscribe headers, an HTML part and the link; the one-click POST stops them without a sign-in', async () => {
    const event = await createCampaign(server.app, owner.user._id, { status: 'approved', name: 'Harbour Swim <b>', hostFullName: 'Casey Creator' });
    const supporter = await signUp(server.url, { name: 'Pat Supporter' });
    await createPledge(server.app, supporter.user._id, event.id, { notifyUpdates: true });

    const [mail, ...others] = await postAndDeliver(event.id, 'Halfway there: see https://example.org/route.');
    expect(others).toEqual([]);
    const url = mail!.headers['List-Unsubscribe']!.slice(1, -1);
    expect(mail!.headers).toEqual({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(url).toMatch(new RegExp(`^${server.app.ctx.config.publicUrl}/api/updates/unsubscribe\\?token=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    // The text as it was, word for word, then the link; the HTML from the same text, escaped.
    expect(mail!.text).toContain('Casey Creator posted an update on "Harbour Swim <b>":\n\nHalfway there: see https://example.org/route.');
    expect(
      mail!.text.endsWith(`You receive these e-mails because you asked for updates when you pledged to this campaign.\n\nStop these e-mails: ${url}`),
    ).toBe(true);
    expect(mail!.html).toContain('Harbour Swim &lt;b&gt;');
    expect(mail!.html).toContain('<a href="https://example.org/route"');
    expect(mail!.html).toContain(`href="${url.replaceAll('&', '&amp;')}"`);

    // The link's page asks first: opening it changes nothing.
    const page = await fetch(local(url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(UNSUBSCRIBE_MESSAGES.confirm('Harbour Swim <b>').replace('<', '&lt;').replace('>', '&gt;'));
    expect(await wantsUpdates(supporter.user._id, event.id)).toEqual([true]);

    const stopped = await oneClick(url);
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain('You will no longer receive update e-mails from “Harbour Swim &lt;b&gt;”.');
    expect(await wantsUpdates(supporter.user._id, event.id)).toEqual([false]);
    // A second click (a provider retrying) answers the same and changes nothing more.
    expect((await oneClick(url)).status).toBe(200);

    expect(await postAndDeliver(event.id, 'Finished!')).toEqual([]);
  });

  it('refuses a forged or altered token with 400 and unsubscribes no one', async () => {
    const event = await createCampaign(server.app, owner.user._id, { status: 'approved', name: 'Forest Walk', hostFullName: 'Casey Creator' });
    const supporter = await signUp(server.url);
    await createPledge(server.app, supporter.user._id, event.id, { notifyUpdates: true });
    const base = `${server.app.ctx.config.publicUrl}/api/updates/unsubscribe`;

    const forged = await createUnsubscribeTokens('not the app’s secret').url(server.app.ctx.config.publicUrl, supporter.user._id, event.id);
    const genuine = await createUnsubscribeTokens(server.app.ctx.config.jwtSecret).url(server.app.ctx.config.publicUrl, owner.user._id, event.id);
    const [header, payload, signature] = new URL(genuine).searchParams.get('token')!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const altered = Buffer.from(JSON.stringify({ ...claims, sub: supporter.user._id })).toString('base64url');
    // An access token is no unsubscribe token: it is signed with another key.
    for (const url of [forged, `${base}?token=${header}.${altered}.${signature}`, `${base}?token=${owner.client.accessToken}`, `${base}?token=`, base]) {
      const answer = await oneClick(url);
      expect(answer.status, url).toBe(400);
      expect(await answer.text()).toContain(UNSUBSCRIBE_MESSAGES.invalid);
      expect((await fetch(local(url))).status).toBe(400);
    }
    expect(await wantsUpdates(supporter.user._id, event.id)).toEqual([true]);
  });

  it('leaves transactional mail without unsubscribe headers; a receipt links to the e-mail preferences', async () => {
    await server.app.ctx.db.delete(outboxEmails);
    await server.app.ctx.mailer.send({ to: 'r@example.org', subject: 'Your receipt', kind: 'charge-receipt', text: 'Thank you.' });
    await server.app.ctx.mailer.send({ to: 'r@example.org', subject: 'Reset', kind: 'password-reset', text: 'Reset here.' });
    const sent: Sent[] = [];
    server.app.ctx.mailer.setTransport({ sendMail: async (mail) => void sent.push(mail) });
    try {
      await server.app.ctx.mailer.deliverDue();
    } finally {
      server.app.ctx.mailer.setTransport(undefined);
    }
    const receipt = sent.find((mail) => mail.subject === 'Your receipt')!;
    const preferences = `${server.app.ctx.config.publicUrl}/user/my-profile`;
    expect(receipt.text).toBe(`Thank you.\n\nChoose which e-mails you receive: ${preferences}`);
    expect(receipt.html).toContain(`href="${preferences}"`);
    expect(receipt.headers).toEqual({});
    const reset = sent.find((mail) => mail.subject === 'Reset')!;
    expect(reset.text).toBe('Reset here.');
    expect(reset.html).toContain('Reset here.');
    expect(reset.headers).toEqual({});
  });
});
