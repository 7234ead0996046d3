import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EMAIL_CONFIRMATION_MESSAGES, EMAIL_CONFIRMATION_TTL_MS } from '@pledgeway/domain';
import { users } from '../../db/schema.ts';
import { fundraisingPages } from '../fundraising-pages/tables.ts';
import { pledgeMatches } from '../matching/tables.ts';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { confirmEmailOf, signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createCampaign, firstCharityId, mailsTo } from '../../test/factories.ts';
import { saveCard } from '../../test/money.ts';
import { createPayload } from '../../test/campaign-form.ts';

let server: TestServer;
let clock: TestClock;
let charityId: string;

beforeAll(async () => {
  server = await startTestServer();
  clock = createTestClock();
  server.app.ctx.clock = clock;
  charityId = await firstCharityId(server);
});
afterAll(async () => server.close());

/** The tokens of every confirmation e-mail sent to `email`, newest first. */
async function linksTo(email: string): Promise<string[]> {
  const mails = await mailsTo(server, email);
  return mails
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .filter((mail) => mail.kind === 'email-confirmation')
    .map((mail) => new URL(/\S+\/confirm-email\?token=\S+/.exec(mail.text)![0]).searchParams.get('token')!);
}

const confirmedAt = async (email: string) => (await server.app.ctx.db.select().from(users).where(eq(users.email, email)))[0]!.emailConfirmedAt;

/** A user who may create campaigns but for the e-mail address: identity verified, profile complete. */
async function unconfirmedCreator() {
  const signed = await signUp(server.url, { confirmEmail: false });
  await server.app.ctx.db
    .update(users)
    .set({ identityStatus: 'verified', occupation: 'Organizer', companyName: 'Riverside Runners' })
    .where(eq(users.id, signed.user._id));
  return signed;
}

describe('e-mail confirmation', () => {
  it('a new account is sent a link; until it is opened campaign creation is refused with 403, and the link works once', async () => {
    const { client, email } = await unconfirmedCreator();
    expect((await client.get('/api/site/auth-check')).data.user.email_confirmed).toBe(false);
    const [token] = await linksTo(email);
    expect(token).toBeTruthy();

    const refused = await client.post('/api/events/create', await createPayload(charityId, email));
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED', message: 'Confirm your e-mail address to create a campaign' });

    const confirmed = await new TestClient(server.url).post('/api/auth/confirm-email', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.data.message).toBe(EMAIL_CONFIRMATION_MESSAGES.confirmed);
    expect((await client.get('/api/site/auth-check')).data.user.email_confirmed).toBe(true);
    expect((await client.post('/api/events/create', await createPayload(charityId, email))).status).toBe(201);

    const again = await new TestClient(server.url).post('/api/auth/confirm-email', { token });
    expect(again.status).toBe(400);
    expect(again.data.message).toBe(EMAIL_CONFIRMATION_MESSAGES.invalidToken);
  });

  it('a used link opened again by its own user, signed in and confirmed, says the address is confirmed already; to anyone else it stays invalid', async () => {
    const { client, email } = await signUp(server.url, { confirmEmail: false });
    const other = await signUp(server.url);
    const [token] = await linksTo(email);
    expect((await client.post('/api/auth/confirm-email', { token })).data.message).toBe(EMAIL_CONFIRMATION_MESSAGES.confirmed);
    const firstConfirmedAt = await confirmedAt(email);

    const reload = await client.post('/api/auth/confirm-email', { token });
    expect(reload.status).toBe(200);
    expect(reload.data).toMatchObject({ success: true, message: EMAIL_CONFIRMATION_MESSAGES.alreadyConfirmed });
    expect(await confirmedAt(email)).toEqual(firstConfirmedAt);

    for (const stranger of [new TestClient(server.url), other.client]) {
      const refused = await stranger.post('/api/auth/confirm-email', { token });
      expect(refused.status).toBe(400);
      expect(refused.data.message).toBe(EMAIL_CONFIRMATION_MESSAGES.invalidToken);
    }
    const unknown = await client.post('/api/auth/confirm-email', { token: 'not-a-token' });
    expect(unknown.status).toBe(400);
  });

  it('until the link is opened, offering a match and starting a fundraising page are refused as creating a campaign is, and nothing is written', async () => {
    const host = await signUp(server.url);
    const campaign = await createCampaign(server.app, host.user._id, { status: 'approved', charityId });
    const { client, email, user } = await signUp(server.url, { confirmEmail: false });
    const cardId = await saveCard(client);
    const match = { ratio: 1, cap: 100, sponsor_name: 'Unconfirmed Co', payment_method_id: cardId };
    const page = { title: 'I run for water', story: 'Every mile a well.', target_amount: 500, slug: `unconfirmed-${user._id.slice(0, 8)}` };
    const mailsBefore = (await mailsTo(server, email)).length;

    const refusedMatch = await client.post(`/api/events/${campaign.id}/matches`, match);
    expect(refusedMatch.status).toBe(403);
    expect(refusedMatch.data).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED', message: 'Confirm your e-mail address to offer a match' });
    const refusedPage = await client.post(`/api/events/${campaign.id}/fundraising-pages`, page);
    expect(refusedPage.status).toBe(403);
    expect(refusedPage.data).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED', message: 'Confirm your e-mail address to start a fundraising page' });
    expect(await server.app.ctx.db.select().from(pledgeMatches).where(eq(pledgeMatches.sponsorId, user._id))).toEqual([]);
    expect(await server.app.ctx.db.select().from(fundraisingPages).where(eq(fundraisingPages.ownerId, user._id))).toEqual([]);
    expect(await mailsTo(server, email)).toHaveLength(mailsBefore);

    await confirmEmailOf(server.url, email);
    expect((await client.post(`/api/events/${campaign.id}/matches`, match)).status).toBe(201);
    expect((await client.post(`/api/events/${campaign.id}/fundraising-pages`, page)).status).toBe(201);
  });

  it('keeps only the hash of the token', async () => {
    const { email } = await signUp(server.url, { confirmEmail: false });
    const [token] = await linksTo(email);
    const stored = await server.app.ctx.database.query<{ token_hash: string }>('select token_hash from email_confirmation_tokens');
    expect(stored.some((row) => row.token_hash === token)).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('refuses a link past its 48 hours, and the account stays unconfirmed', async () => {
    const { email } = await signUp(server.url, { confirmEmail: false });
    const [token] = await linksTo(email);
    clock.advance(EMAIL_CONFIRMATION_TTL_MS + 1000);
    const late = await new TestClient(server.url).post('/api/auth/confirm-email', { token });
    expect(late.status).toBe(400);
    expect(await confirmedAt(email)).toBeNull();
  });

  it('refuses a missing or unknown token with a clear message and changes nothing', async () => {
    const anonymous = new TestClient(server.url);
    const empty = await anonymous.post('/api/auth/confirm-email', { token: '' });
    expect(empty.status).toBe(400);
    expect(empty.data.fields?.token).toBe(EMAIL_CONFIRMATION_MESSAGES.invalidToken);
    expect((await anonymous.post('/api/auth/confirm-email', {})).status).toBe(400);
    const unknown = await anonymous.post('/api/auth/confirm-email', { token: 'not-a-token' });
    expect(unknown.status).toBe(400);
    expect(unknown.data.message).toBe(EMAIL_CONFIRMATION_MESSAGES.invalidToken);
  });

  it('resends a new link that replaces the old one; a confirmed account is told so', async () => {
    const { client, email } = await signUp(server.url, { confirmEmail: false });
    const [first] = await linksTo(email);
    const resent = await client.post('/api/auth/confirm-email/resend');
    expect(resent.status).toBe(200);
    expect(resent.data.message).toBe(EMAIL_CONFIRMATION_MESSAGES.sent);
    const [second] = await linksTo(email);
    expect(second).not.toBe(first);
    expect((await new TestClient(server.url).post('/api/auth/confirm-email', { token: first })).status).toBe(400);
    expect((await new TestClient(server.url).post('/api/auth/confirm-email', { token: second })).status).toBe(200);

    const already = await client.post('/api/auth/confirm-email/resend');
    expect(already.status).toBe(409);
    expect(already.data.message).toBe(EMAIL_CONFIRMATION_MESSAGES.alreadyConfirmed);
    expect((await new TestClient(server.url).post('/api/auth/confirm-email/resend')).status).toBe(401);
  });

  it('limits resends to 3 in a quarter of an hour', async () => {
    const { client, email } = await signUp(server.url, { confirmEmail: false });
    for (let i = 0; i < 3; i += 1) expect((await client.post('/api/auth/confirm-email/resend')).status).toBe(200);
    const limited = await client.post('/api/auth/confirm-email/resend');
    expect(limited.status).toBe(429);
    expect(limited.data.message).toBe(EMAIL_CONFIRMATION_MESSAGES.tooManyRequests);
    expect(await linksTo(email)).toHaveLength(4);
  });

  it('a changed address is confirmed again: the account loses the right to create campaigns until the new link is opened', async () => {
    const { client, email } = await signUp(server.url);
    const form = new FormData();
    const newEmail = email.replace('@', '.new@');
    for (const [key, value] of Object.entries({ name: 'Moved Person', email: newEmail, occupation: 'Organizer', company_name: 'Riverside' }))
      form.set(key, value);
    expect((await client.request('PUT', '/api/users/update', { form })).status).toBe(200);
    expect((await client.get('/api/site/auth-check')).data.user.email_confirmed).toBe(false);
    const [token] = await linksTo(newEmail);
    expect((await new TestClient(server.url).post('/api/auth/confirm-email', { token })).status).toBe(200);
    expect((await client.get('/api/site/auth-check')).data.user.email_confirmed).toBe(true);
  });

  it('the test factory confirms through the same link', async () => {
    const { email } = await signUp(server.url, { confirmEmail: false });
    await confirmEmailOf(server.url, email);
    expect(await confirmedAt(email)).not.toBeNull();
  });
});
