import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES } from '@pledgeway/domain';
import { isSandbox } from '../../providers/payments/index.ts';
import { signUp, TestClient, uniqueEmail } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { charitySupportersCsv } from './supporters-csv.ts';
import { charityRepresentatives } from './tables.ts';
import { liveCampaign, pledgeFrom, saveCard } from '../../test/money.ts';
import { adminClient, benefit, newCharity, type Person } from '../../test/factories.ts';

/**
 * The charity's supporters CSV (decisions 136, 181, 183): pledges, donations and monthly gifts,
 * streamed, through the portal and a representative's key; and the supporter's later change of
 * whom they share their e-mail with, which the exports honour at once.
 */
let server: TestServer;
let admin: TestClient;
let charityId: string;
let treasurer: Person;
let creator: Person;
let eventId: string;
let pledger: Person;
let pledgeId: string;
let monthly: Person;
let giftId: string;
const donorEmail = uniqueEmail('donor');

async function cardToken(): Promise<string> {
  const payments = server.app.ctx.payments;
  if (!isSandbox(payments)) throw new Error('tests run with the sandbox provider');
  const year = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
  return (await payments.tokenizeCard({ holder_name: 'Dana Donor', number: '4242424242424242', expiry: `09/${year}`, cvv: '123' })).token;
}

function withKey(secret: string) {
  const client = new TestClient(server.url);
  client.accessToken = secret;
  return client;
}

async function keyOf(person: Person, scopes: string[]) {
  const created = await person.client.post('/api/api-keys', { name: 'Spreadsheet', scopes });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  return created.data.data.secret as string;
}

const portalCsv = async (client: TestClient = treasurer.client) => {
  const answer = await client.get(`/api/portal/charities/${charityId}/supporters.csv`);
  expect(answer.status, String(answer.data)).toBe(200);
  return String(answer.data);
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  charityId = await newCharity(server);
  treasurer = await signUp(server.url, { name: 'Tess Treasurer' });
  await server.app.ctx.db.insert(charityRepresentatives).values({ charityId, userId: treasurer.user._id });

  creator = await signUp(server.url);
  const event = await liveCampaign(server, creator, admin);
  eventId = event.id;
  await benefit(server, eventId, charityId);
  pledger = await signUp(server.url, { name: 'Pat Pledger' });
  pledgeId = (await pledgeFrom(server, pledger, eventId, { amountCents: 5_000 })).pledge.id;
  expect((await creator.client.post(`/api/events/${eventId}/complete`)).status).toBe(200);
  expect((await admin.post(`/api/admin/events/${eventId}/charge`)).status).toBe(201);
  await server.app.ctx.jobs.drain();

  // A donor whose typed name a spreadsheet would run as a formula.
  const donated = await new TestClient(server.url).post(`/api/charities/${charityId}/donations`, {
    fullName: '=HYPERLINK("http://evil.example","Dora")',
    email: donorEmail,
    amount: 30,
    token: await cardToken(),
    share_email_with_charity: true,
  });
  expect(donated.status, JSON.stringify(donated.data)).toBe(201);
  monthly = await signUp(server.url, { name: 'Molly Monthly' });
  const started = await monthly.client.post(`/api/charities/${charityId}/monthly-gifts`, {
    amount: 12,
    tip: 0,
    payment_method_id: await saveCard(monthly.client),
  });
  expect(started.status, JSON.stringify(started.data)).toBe(201);
  giftId = started.data.data.gift._id;
  // A second donation, after the monthly gift's first charge: the file lists by date, not by kind.
  const later = await new TestClient(server.url).post(`/api/charities/${charityId}/donations`, {
    fullName: 'Lee Later',
    email: uniqueEmail('later'),
    amount: 7,
    token: await cardToken(),
  });
  expect(later.status, JSON.stringify(later.data)).toBe(201);
}, 120_000);
afterAll(async () => server.close());

describe('the charity’s supporters CSV', () => {
  it('lists pledges, donations and monthly gifts, e-mails only where shared, formulas escaped, the same through a representative’s key', async () => {
    const text = await portalCsv();
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('charged_on,kind,campaign,name,email,amount');
    const pledgeLine = lines.find((line) => line.includes('Pat Pledger'));
    expect(pledgeLine).toMatch(/^\d{4}-\d{2}-\d{2},pledge,.+,Pat Pledger,,50\.00$/);
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`,donation,,"'=HYPERLINK\\(""http://evil.example"",""Dora""\\)",${donorEmail.toLowerCase()},30\\.00$`)),
    );
    expect(lines).toContainEqual(expect.stringMatching(/,monthly_gift,,Molly Monthly,,12\.00$/));
    // Oldest first across the kinds, as a treasurer reconciles them against the bank.
    // The campaign's pledges were charged first, then the donation, the monthly gift, the second donation.
    const kinds = lines.slice(1).map((line) => line.split(',')[1]);
    const pledgesFirst = kinds.filter((kind) => kind === 'pledge');
    expect(pledgesFirst.length).toBeGreaterThan(0);
    expect(kinds).toEqual([...pledgesFirst, 'donation', 'monthly_gift', 'donation']);
    expect(lines.at(-1)).toMatch(/,donation,,Lee Later,,7\.00$/);
    expect(text).not.toContain(pledger.email.toLowerCase());
    expect(text).not.toContain(monthly.email.toLowerCase());

    const key = await keyOf(treasurer, ['pledges:read']);
    expect(await portalCsv(withKey(key))).toBe(text);
    const wrongScope = await withKey(await keyOf(treasurer, ['campaigns:read'])).get(`/api/portal/charities/${charityId}/supporters.csv`);
    expect(wrongScope.status).toBe(403);
    expect(wrongScope.data.message).toBe(INTEGRATION_MESSAGES.keyScope);
    const outsider = await signUp(server.url);
    expect((await withKey(await keyOf(outsider, ['pledges:read'])).get(`/api/portal/charities/${charityId}/supporters.csv`)).status).toBe(404);
  });

  it('streams a page at a time: one row per query gives the same file', async () => {
    const chunks: string[] = [];
    for await (const chunk of charitySupportersCsv(server.app.ctx.db, charityId, 1)) chunks.push(String(chunk));
    // The header, then one chunk per row (a page of one), then nothing more.
    expect(chunks.length).toBe((await portalCsv()).trimEnd().split('\r\n').length);
    expect(chunks.join('')).toBe(await portalCsv());
  });
});

describe('changing whom a gift shares the e-mail with, later', () => {
  it('a pledge’s choice for the host and the charity: the exports follow at once; nobody else may change it', async () => {
    const hostCsv = async () => String((await creator.client.get(`/api/events/${eventId}/supporters.csv`)).data);
    expect(await hostCsv()).not.toContain(pledger.email.toLowerCase());
    const listed = (await pledger.client.get('/api/events/pledges')).data.data.pledges.find((row: { _id: string }) => row._id === pledgeId);
    expect(listed).toMatchObject({ share_email_with_host: false, share_email_with_charity: false });

    // Bad input and other people change nothing.
    expect((await pledger.client.put(`/api/pledges/${pledgeId}/email-sharing`, {})).status).toBe(400);
    expect((await pledger.client.put(`/api/pledges/${pledgeId}/email-sharing`, { share_email_with_host: 'yes' })).status).toBe(400);
    expect((await creator.client.put(`/api/pledges/${pledgeId}/email-sharing`, { share_email_with_host: true })).status).toBe(404);
    expect((await new TestClient(server.url).put(`/api/pledges/${pledgeId}/email-sharing`, { share_email_with_host: true })).status).toBe(401);
    expect(await hostCsv()).not.toContain(pledger.email.toLowerCase());

    const shared = await pledger.client.put(`/api/pledges/${pledgeId}/email-sharing`, { share_email_with_host: true, share_email_with_charity: true });
    expect(shared.status, JSON.stringify(shared.data)).toBe(200);
    expect(shared.data.message).toBe(
      'Saved: from now on the host sees your e-mail address and the charity sees your e-mail address in their exports and events.',
    );
    expect(await hostCsv()).toContain(`Pat Pledger,${pledger.email.toLowerCase()}`);
    expect(await portalCsv()).toContain(`Pat Pledger,${pledger.email.toLowerCase()},50.00`);

    // Taking it back from the charity only leaves the host's choice as it was.
    expect((await pledger.client.put(`/api/pledges/${pledgeId}/email-sharing`, { share_email_with_charity: false })).status).toBe(200);
    expect(await portalCsv()).not.toContain(pledger.email.toLowerCase());
    expect(await hostCsv()).toContain(pledger.email.toLowerCase());
  });

  it('a monthly gift’s choice for the charity, from My Giving', async () => {
    const stranger = await signUp(server.url);
    expect((await stranger.client.put(`/api/monthly-gifts/${giftId}/email-sharing`, { share_email_with_charity: true })).status).toBe(404);
    expect((await monthly.client.put(`/api/monthly-gifts/${giftId}/email-sharing`, {})).status).toBe(400);
    expect(await portalCsv()).not.toContain(monthly.email.toLowerCase());
    const shared = await monthly.client.put(`/api/monthly-gifts/${giftId}/email-sharing`, { share_email_with_charity: true });
    expect(shared.status, JSON.stringify(shared.data)).toBe(200);
    expect(shared.data.data.gift.share_email_with_charity).toBe(true);
    expect(await portalCsv()).toContain(`Molly Monthly,${monthly.email.toLowerCase()},12.00`);
  });
});
