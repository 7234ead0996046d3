import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { centsToDollars, PAYOUT_LINES_SHOWN } from '@pledgeway/domain';
import { charities } from '../../db/schema.ts';
import { pngImage, signUp, TestClient, uniqueEmail } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { isSandbox } from '../../providers/payments/index.ts';
import { auditLog } from '../audit/tables.ts';
import { portalRepository } from './repository.ts';
import { charityRepresentatives } from './tables.ts';
import { accountBalance, CARDS, expectBooksBalanced, liveCampaign, pledgeFrom, saveCard } from '../../test/money.ts';
import { adminClient, createPledge, mailsTo, type Person } from '../../test/factories.ts';

let server: TestServer;
let admin: TestClient;
let charityId: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  const creator = await signUp(server.url);
  charityId = (await liveCampaign(server, creator, admin)).charityId!;
});
afterAll(async () => server.close());

/** The invitation link's token from the invited person's e-mail. */
async function invitationToken(email: string): Promise<string> {
  const mails = (await mailsTo(server, email)).filter((mail) => mail.kind === 'charity-invitation');
  const match = mails.at(-1)?.text.match(/\/charity-invitations\/([A-Za-z0-9_-]+)/);
  expect(match, 'an invitation e-mail with its link').toBeTruthy();
  return match![1]!;
}

/** Someone invited by the admin who registers with the invited address and accepts. */
async function representative(name = 'Tess Treasurer'): Promise<Person> {
  const email = uniqueEmail('treasurer');
  expect((await admin.post(`/api/admin/charities/${charityId}/representatives`, { email })).status).toBe(201);
  const person = await signUp(server.url, { name, email });
  const accepted = await person.client.post(`/api/charity-invitations/${await invitationToken(email)}/accept`);
  expect(accepted.status, JSON.stringify(accepted.data)).toBe(200);
  return person;
}

async function chargeAll(creator: Person, eventId: string) {
  expect((await creator.client.post(`/api/events/${eventId}/complete`)).status).toBe(200);
  expect((await admin.post(`/api/admin/events/${eventId}/charge`)).status).toBe(201);
  await server.app.ctx.jobs.drain();
}

/** The admin records a payout of everything payable to the charity; answers the cents paid out. */
async function payOutEverything(reference: string, paidOn: string): Promise<number> {
  const payable = await accountBalance(server, 'charity_payable', { charityId });
  const paid = await admin.post('/api/admin/payouts', { charity_id: charityId, amount: centsToDollars(payable), reference, paid_on: paidOn });
  expect(paid.status, JSON.stringify(paid.data)).toBe(201);
  return payable;
}

function profileForm(fields: Record<string, string>, logo?: Buffer) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (logo) form.set('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
  return form;
}

describe('inviting a charity’s representatives', () => {
  it('e-mails an invitation that only an account with the invited address accepts, once, and lists the person', async () => {
    const email = uniqueEmail('Treasurer');
    const supporter = await signUp(server.url);
    expect((await supporter.client.post(`/api/admin/charities/${charityId}/representatives`, { email })).status).toBe(403);
    expect((await admin.post(`/api/admin/charities/${charityId}/representatives`, { email: 'not an address' })).status).toBe(400);
    expect((await admin.post(`/api/admin/charities/00000000-0000-4000-8000-000000000000/representatives`, { email })).status).toBe(404);

    const invited = await admin.post(`/api/admin/charities/${charityId}/representatives`, { email });
    expect(invited.status, JSON.stringify(invited.data)).toBe(201);
    expect(invited.data.message).toBe(`Invitation sent to ${email.toLowerCase()}`);
    const token = await invitationToken(email);
    const [charity] = await server.app.ctx.db.select().from(charities).where(eq(charities.id, charityId));
    const preview = await new TestClient(server.url).get(`/api/charity-invitations/${token}`);
    expect(preview.data.data).toMatchObject({ charity_name: charity!.name, email: email.toLowerCase(), state: 'open' });
    expect((await new TestClient(server.url).get(`/api/charity-invitations/${'x'.repeat(43)}`)).status).toBe(404);

    // Someone else with the link is refused and nothing changes.
    const wrong = await supporter.client.post(`/api/charity-invitations/${token}/accept`);
    expect(wrong.status).toBe(403);
    expect(wrong.data.message).toContain(email.toLowerCase());
    expect((await new TestClient(server.url).post(`/api/charity-invitations/${token}/accept`)).status).toBe(401);

    const treasurer = await signUp(server.url, { name: 'Tess Treasurer', email });
    expect((await treasurer.client.get('/api/portal/charities')).data.data.charities).toEqual([]);
    const accepted = await treasurer.client.post(`/api/charity-invitations/${token}/accept`);
    expect(accepted.status, JSON.stringify(accepted.data)).toBe(200);
    expect(accepted.data).toMatchObject({ message: `You now represent ${charity!.name}`, data: { charity_id: charityId } });
    // Accepting again is the same answer; nobody else may use the link now.
    expect((await treasurer.client.post(`/api/charity-invitations/${token}/accept`)).status).toBe(200);
    expect((await supporter.client.post(`/api/charity-invitations/${token}/accept`)).status).toBe(409);
    expect((await treasurer.client.get('/api/portal/charities')).data.data.charities).toEqual([{ _id: charityId, name: charity!.name, logo: charity!.logo }]);

    const listed = await admin.get(`/api/admin/charities/${charityId}/representatives`);
    expect(listed.data.data.representatives).toContainEqual(expect.objectContaining({ user_id: treasurer.user._id, email: email.toLowerCase() }));
    expect(listed.data.data.invitations.map((row: { email: string }) => row.email)).not.toContain(email.toLowerCase());
    expect((await admin.post(`/api/admin/charities/${charityId}/representatives`, { email })).status).toBe(409);
    expect(await server.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'charity.representative_accept'))).not.toHaveLength(0);

    // Removed by the admin, the person sees the charity no more.
    expect((await admin.delete(`/api/admin/charities/${charityId}/representatives/${treasurer.user._id}`)).status).toBe(200);
    expect((await treasurer.client.get(`/api/portal/charities/${charityId}`)).status).toBe(404);
    expect((await treasurer.client.get('/api/portal/charities')).data.data.charities).toEqual([]);
  });

  it('refuses an expired invitation', async () => {
    const email = uniqueEmail('late');
    expect((await admin.post(`/api/admin/charities/${charityId}/representatives`, { email })).status).toBe(201);
    const token = await invitationToken(email);
    const person = await signUp(server.url, { email });
    const clock = server.app.ctx.clock;
    server.app.ctx.clock = { now: () => new Date(Date.now() + 15 * 86_400_000) };
    try {
      expect((await new TestClient(server.url).get(`/api/charity-invitations/${token}`)).data.data.state).toBe('expired');
      expect((await person.client.post(`/api/charity-invitations/${token}/accept`)).status).toBe(410);
    } finally {
      server.app.ctx.clock = clock;
    }
    expect((await person.client.get('/api/portal/charities')).data.data.charities).toEqual([]);
  });

  it('two acceptances of one invitation at once make one representative', { tags: ['concurrency'] }, async () => {
    const email = uniqueEmail('racer');
    expect((await admin.post(`/api/admin/charities/${charityId}/representatives`, { email })).status).toBe(201);
    const token = await invitationToken(email);
    const person = await signUp(server.url, { email });
    const answers = await Promise.all(Array.from({ length: 6 }, () => person.client.post(`/api/charity-invitations/${token}/accept`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    const rows = await server.app.ctx.db
      .select()
      .from(charityRepresentatives)
      .where(and(eq(charityRepresentatives.charityId, charityId), eq(charityRepresentatives.userId, person.user._id)));
    expect(rows).toHaveLength(1);
  });
});

describe('the portal of a represented charity', () => {
  it('shows only the charity’s campaigns, money, payouts with the pledges each carried, and disputes; Stripe is said not connected', async () => {
    const treasurer = await representative();
    const outsider = await signUp(server.url);
    expect((await outsider.client.get(`/api/portal/charities/${charityId}`)).status).toBe(404);
    expect((await admin.get(`/api/portal/charities/${charityId}`)).status).toBe(404);
    expect((await new TestClient(server.url).get(`/api/portal/charities/${charityId}`)).status).toBe(401);

    const before = (await treasurer.client.get(`/api/portal/charities/${charityId}`)).data.data;
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const sharer = await signUp(server.url, { name: 'Sharon Sharer' });
    const card = await saveCard(sharer.client);
    const made = await sharer.client.post(`/api/events/${event.id}/pledges`, {
      amount: 200,
      tip_percent: 10,
      payment_method_id: card,
      share_email_with_charity: true,
    });
    expect(made.status, JSON.stringify(made.data)).toBe(201);
    const hidden = await signUp(server.url, { name: 'Quiet Quentin' });
    const anonymous = await pledgeFrom(server, hidden, event.id, { amountCents: 5_000 });
    await server.app.ctx.database.query('update pledges set anonymous = true where id = $1', [anonymous.pledge.id]);
    const keeper = await signUp(server.url, { name: 'Kim Keeper' });
    await pledgeFrom(server, keeper, event.id, { amountCents: 3_000 });
    const disputer = await signUp(server.url, { name: 'Dana Dispute' });
    await pledgeFrom(server, disputer, event.id, { amountCents: 2_000, card: CARDS.dispute });
    await chargeAll(creator, event.id);

    const payable = await payOutEverything('ACH-PORTAL', '2026-11-27');

    const overview = await treasurer.client.get(`/api/portal/charities/${charityId}`);
    expect(overview.status).toBe(200);
    const data = overview.data.data;
    const campaign = data.campaigns.find((row: { _id: string }) => row._id === event.id);
    // The four supporters' pledges and the creator's funding, charged when the campaign was funded.
    expect(campaign).toMatchObject({ name: event.name, charged_pledges: 5, tips: 20 });
    const [sums] = await server.app.ctx.database.query<{ charged: string }>(
      'select sum(charged_cents) as charged from pledges where event_id = $1 and charged_at is not null',
      [event.id],
    );
    expect(campaign.charged).toBe(centsToDollars(Number(sums!.charged)));
    expect(campaign.charged).toBeGreaterThan(centsToDollars(22_000 + 5_000 + 3_000 + 2_000));
    expect(data.money.paid).toBe(centsToDollars(before.money.paid * 100 + payable));
    expect(data.money.payable).toBe(0);
    // The payout carried the pledges: their parts add up to it, each supporter named as they chose.
    const payout = data.payouts.find((row: { reference: string }) => row.reference === 'ACH-PORTAL');
    expect(payout).toMatchObject({ amount: centsToDollars(payable), paid_on: '2026-11-27' });
    const carriedCents = payout.pledges.reduce((sum: number, row: { amount: number }) => sum + Math.round(row.amount * 100), 0);
    expect(carriedCents).toBe(payable);
    expect(payout.pledge_count).toBe(payout.pledges.length);
    const supporters = payout.pledges.filter((row: { campaign: string }) => row.campaign === event.name).map((row: { supporter: string }) => row.supporter);
    expect(supporters).toEqual(expect.arrayContaining(['Sharon Sharer', 'Anonymous', 'Kim Keeper']));
    expect(supporters).not.toContain('Quiet Quentin');
    expect(data.disputes.some((row: { campaign: string; status: string }) => row.campaign === event.name && row.status === 'open')).toBe(true);
    // Not on Stripe Connect: no account and no transfers (its transfers are shown in the Connect tests).
    expect(data.connect).toEqual({ account: null, transfers: [] });

    // Downloads: supporters named as they chose, an e-mail only where it was shared with the charity.
    const csv = await treasurer.client.get(`/api/portal/charities/${charityId}/supporters.csv`);
    expect(csv.status).toBe(200);
    const text = String(csv.data);
    expect(text.split('\r\n')[0]).toBe('charged_on,kind,campaign,name,email,amount');
    expect(text).toContain(`Sharon Sharer,${sharer.email.toLowerCase()},`);
    expect(text).toContain('Anonymous,,');
    expect(text).toContain('Kim Keeper,,');
    expect(text).not.toContain(keeper.email.toLowerCase());
    expect(text).not.toContain(hidden.email.toLowerCase());
    expect(text).not.toContain('Quiet Quentin');
    const payoutsCsv = String((await treasurer.client.get(`/api/portal/charities/${charityId}/payouts.csv`)).data);
    expect(payoutsCsv).toContain('ACH-PORTAL');
    expect(payoutsCsv).toContain('Sharon Sharer');
    expect((await outsider.client.get(`/api/portal/charities/${charityId}/supporters.csv`)).status).toBe(404);
    expect((await outsider.client.get(`/api/portal/charities/${charityId}/payouts.csv`)).status).toBe(404);
    await expectBooksBalanced(server);
  });

  it('holds a representative’s profile edit (an uploaded logo, never an address to fetch) until an admin approves; bad input changes nothing', async () => {
    const treasurer = await representative();
    const outsider = await signUp(server.url);
    const fields = {
      description: 'We keep people warm in winter.',
      link: 'https://warm.example.org',
      legal_name: 'Winter Warmth Relief Inc.',
      registration_number: '12-3456789',
      address: '1 Harbour Road, Springfield, IL 62701, USA',
    };
    expect((await outsider.client.request('PUT', `/api/portal/charities/${charityId}/profile`, { form: profileForm(fields) })).status).toBe(404);
    const bad = await treasurer.client.request('PUT', `/api/portal/charities/${charityId}/profile`, {
      form: profileForm({ ...fields, registration_number: '', link: 'javascript:alert(1)' }),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.data.errors ?? bad.data.fields ?? {})).toEqual(expect.arrayContaining(['registration_number', 'link']));
    const [unchanged] = await server.app.ctx.db.select().from(charities).where(eq(charities.id, charityId));
    expect(unchanged!.registrationNumber).not.toBe('12-3456789');

    const publicDescription = async () => {
      const publicList = await new TestClient(server.url).get('/api/charities');
      return publicList.data
        .flatMap((group: { charities: { _id: string; description: string }[] }) => group.charities)
        .find((row: { _id: string }) => row._id === charityId).description;
    };
    const descriptionBefore = await publicDescription();

    // A first edit, then a second: the second supersedes the first, and nothing public changes yet.
    const first = await treasurer.client.request('PUT', `/api/portal/charities/${charityId}/profile`, {
      form: profileForm({ ...fields, description: 'Draft' }),
    });
    expect(first.status, JSON.stringify(first.data)).toBe(200);
    const saved = await treasurer.client.request('PUT', `/api/portal/charities/${charityId}/profile`, { form: profileForm(fields, await pngImage()) });
    expect(saved.status, JSON.stringify(saved.data)).toBe(200);
    expect(saved.data.message).toContain('approval');
    expect(saved.data.data.profile.registration_number).not.toBe('12-3456789');
    expect(saved.data.data.pending_change.proposed).toMatchObject({ legal_name: fields.legal_name, registration_number: '12-3456789', link: fields.link });
    expect(saved.data.data.pending_change.proposed.logo).toMatch(/^\/uploads\/logos\//);
    expect(await publicDescription()).toBe(descriptionBefore);
    expect((await treasurer.client.get(`/api/portal/charities/${charityId}`)).data.data.pending_change).toMatchObject({
      _id: saved.data.data.pending_change._id,
    });

    // The admin sees the one pending change beside the current profile; nobody else may decide it.
    const listed = (await admin.get('/api/admin/charity-profile-changes')).data.data.items.filter(
      (item: { current: { _id: string } }) => item.current._id === charityId,
    );
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      _id: saved.data.data.pending_change._id,
      proposed: { description: fields.description },
      current: { description: descriptionBefore },
    });
    const decision = `/api/admin/charity-profile-changes/${listed[0]._id}/decision`;
    expect((await treasurer.client.post(decision, { decision: 'approve' })).status).toBe(403);
    expect((await admin.post(decision, { decision: 'maybe' })).status).toBe(400);

    const approved = await admin.post(decision, { decision: 'approve' });
    expect(approved.status, JSON.stringify(approved.data)).toBe(200);
    expect(approved.data.data).toMatchObject({ legal_name: fields.legal_name, registration_number: '12-3456789', address: fields.address, link: fields.link });
    expect(approved.data.data.logo).toMatch(/^\/uploads\/logos\//);
    expect(await publicDescription()).toBe(fields.description);
    expect((await admin.post(decision, { decision: 'reject' })).status).toBe(409);
    expect((await treasurer.client.get(`/api/portal/charities/${charityId}`)).data.data.pending_change).toBeNull();
    expect((await mailsTo(server, treasurer.email)).map((mail) => mail.kind)).toContain('charity-profile-approved');

    // A rejected change leaves the profile as it is, and the representative is told why.
    const next = await treasurer.client.request('PUT', `/api/portal/charities/${charityId}/profile`, {
      form: profileForm({ ...fields, description: 'Rejected text' }),
    });
    const rejected = await admin.post(`/api/admin/charity-profile-changes/${next.data.data.pending_change._id}/decision`, {
      decision: 'reject',
      reason: 'Please describe the charity, not a slogan',
    });
    expect(rejected.status, JSON.stringify(rejected.data)).toBe(200);
    expect(await publicDescription()).toBe(fields.description);
    const told = (await mailsTo(server, treasurer.email)).find((mail) => mail.kind === 'charity-profile-rejected');
    expect(told?.text).toContain('Please describe the charity, not a slogan');
    const audit = await server.app.ctx.database.query<{ action: string }>('select action from audit_log where target_id = $1', [charityId]);
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['charity.profile_change_submitted', 'charity.profile_change_approved', 'charity.profile_change_rejected']),
    );
  });
});

describe('a payout that carried more lines than the portal lists', () => {
  it('lists its first lines, says how many it carried, and the payouts CSV has every one', async () => {
    const treasurer = await representative('Paula Payouts');
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const supporter = await signUp(server.url, { name: 'Many Pledges' });
    const pledgeCount = PAYOUT_LINES_SHOWN + 5;
    // One card saved (saving is rate-limited), the other pledges on it with the same priced amounts.
    const { pledge: first } = await pledgeFrom(server, supporter, event.id, { amountCents: 1_000 });
    const { amountCents, tipCents, coverFees, coverCents, platformFeeCents, paymentMethodId } = first;
    for (let index = 1; index < pledgeCount; index += 1) {
      await createPledge(server.app, supporter.user._id, event.id, { amountCents, tipCents, coverFees, coverCents, platformFeeCents, paymentMethodId });
    }
    await chargeAll(creator, event.id);
    await payOutEverything('ACH-MANY', '2026-11-28');

    const overview = (await treasurer.client.get(`/api/portal/charities/${charityId}`)).data.data;
    const payout = overview.payouts.find((row: { reference: string }) => row.reference === 'ACH-MANY');
    expect(payout.pledges).toHaveLength(PAYOUT_LINES_SHOWN);
    // The supporter's pledges and the creator's funding.
    expect(payout.pledge_count).toBeGreaterThan(pledgeCount);
    const csv = String((await treasurer.client.get(`/api/portal/charities/${charityId}/payouts.csv`)).data);
    const lines = csv.split('\r\n').filter((line) => line.includes('ACH-MANY'));
    expect(lines).toHaveLength(payout.pledge_count);
    expect(lines.filter((line) => line.includes('Many Pledges'))).toHaveLength(pledgeCount);
  });
});

describe('a charity whose payouts carried more pledges than a statement takes parameters', () => {
  it('names the carried pledges as each supporter chose, read among 70,000 ids at once', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const named = await signUp(server.url, { name: 'Nora Named' });
    const hidden = await signUp(server.url, { name: 'Hana Hidden' });
    const shown = (await pledgeFrom(server, named, event.id, { amountCents: 1_000 })).pledge;
    const anonymous = (await pledgeFrom(server, hidden, event.id, { amountCents: 2_000 })).pledge;
    await server.app.ctx.database.query('update pledges set anonymous = true where id = $1', [anonymous.id]);
    // A charity's payouts carry every pledge of every campaign it was given: past 65,535 one
    // parameter per id failed the portal's read (decision 285).
    const others = Array.from({ length: 70_000 }, () => crypto.randomUUID());
    const names = await portalRepository.publicNames(server.app.ctx.db, [...others, shown.id, anonymous.id]);
    expect(names).toEqual(
      new Map([
        [shown.id, 'Nora Named'],
        [anonymous.id, 'Anonymous'],
      ]),
    );
  });
});

describe('receipts and statements a tax office accepts', () => {
  it('name the charity with legal name, registration number and address, say nothing was given in return, and list the tip apart', async () => {
    const treasurer = await representative();
    const saved = await treasurer.client.request('PUT', `/api/portal/charities/${charityId}/profile`, {
      form: profileForm({ legal_name: 'Tax Ready Relief Inc.', registration_number: '98-7654321', address: '2 Market Street, Boston, MA 02108' }),
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(200);
    expect((await admin.post(`/api/admin/charity-profile-changes/${saved.data.data.pending_change._id}/decision`, { decision: 'approve' })).status).toBe(200);
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const supporter = await signUp(server.url, { name: 'Rita Receipt' });
    await pledgeFrom(server, supporter, event.id, { amountCents: 10_000, tipPercent: 15 });
    await chargeAll(creator, event.id);

    const receipt = (await mailsTo(server, supporter.email)).find((mail) => mail.kind === 'charge-receipt');
    expect(receipt?.text).toContain('Recipient: Tax Ready Relief Inc.');
    expect(receipt?.text).toContain('Registration number (EIN or national charity number): 98-7654321');
    expect(receipt?.text).toContain('Address: 2 Market Street, Boston, MA 02108');
    expect(receipt?.text).toContain('No goods or services were provided in return for this gift.');
    expect(receipt?.text).toContain('Amount of your gift: $100.00');
    expect(receipt?.text).toContain('Tip to Pledgeway (the platform): $15.00. This is not given to the charity');
    expect(receipt?.text).toMatch(/Date of the charge: \d{4}-\d{2}-\d{2}/);

    const year = new Date().getUTCFullYear();
    const response = await fetch(`${server.url}/api/me/statements/${year}.pdf`, { headers: { authorization: `Bearer ${supporter.client.accessToken}` } });
    expect(response.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Recipient: Tax Ready Relief Inc.');
    expect(flat).toContain('98-7654321');
    expect(flat).toContain('2 Market Street, Boston, MA 02108');
    expect(flat).toContain('No goods or services were provided in return for these gifts.');
    expect(flat).toContain('Tips to Pledgeway, not given to the charity: $15.00');
  });

  it('a donation’s receipt names the charity the same way, and its e-mail reaches the portal only when shared', async () => {
    const treasurer = await representative();
    const payments = server.app.ctx.payments;
    if (!isSandbox(payments)) throw new Error('tests run with the sandbox provider');
    const token = async () => (await payments.tokenizeCard({ holder_name: 'Dora Donor', number: '4242424242424242', expiry: '09/40', cvv: '123' })).token;
    const shared = uniqueEmail('shared');
    const kept = uniqueEmail('kept');
    const one = await new TestClient(server.url).post(`/api/charities/${charityId}/donations`, {
      fullName: 'Dora Donor',
      email: shared,
      amount: 25,
      token: await token(),
      share_email_with_charity: true,
    });
    expect(one.status, JSON.stringify(one.data)).toBe(201);
    const two = await new TestClient(server.url).post(`/api/charities/${charityId}/donations`, {
      fullName: 'Kit Keeps',
      email: kept,
      amount: 10,
      token: await token(),
    });
    expect(two.status, JSON.stringify(two.data)).toBe(201);
    const receipt = (await mailsTo(server, shared)).find((mail) => mail.kind === 'donation-receipt');
    expect(receipt?.text).toContain('Registration number (EIN or national charity number):');
    expect(receipt?.text).toContain('No goods or services were provided in return for this gift.');
    const csv = String((await treasurer.client.get(`/api/portal/charities/${charityId}/supporters.csv`)).data);
    expect(csv).toContain(`Dora Donor,${shared.toLowerCase()},25`);
    expect(csv).toContain('Kit Keeps,,10');
    expect(csv).not.toContain(kept.toLowerCase());
  });
});
