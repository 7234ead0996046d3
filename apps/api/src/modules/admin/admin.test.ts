import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../audit/tables.ts';
import { contactMessages, pledges } from '../../db/schema.ts';
import { newsletterSubscriptions } from '../newsletter/tables.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient, pngImage, signUp } from '../../test/client.ts';
import { createCampaign, createOwner, createPledge, makeAdmin } from '../../test/factories.ts';

let server: TestServer;
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  server = await startTestServer();
  const signed = await signUp(server.url, { name: 'Site Admin' });
  await makeAdmin(server, signed.user._id);
  admin = signed.client;
  adminId = signed.user._id;
});
afterAll(async () => {
  await server.close();
});

function charityForm(fields: Record<string, string>, logo?: { data: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (logo) form.set('logo', new Blob([new Uint8Array(logo.data)], { type: logo.type }), logo.name);
  return form;
}

describe('dashboard', () => {
  it('counts campaigns by status and sums pledges, failures and the 30-day series', async () => {
    const before = (await admin.get('/api/admin/dashboard')).data.data;
    const owner = await createOwner(server.app);
    const pending = await createCampaign(server.app, owner.id, { status: 'pending' });
    await createPledge(server.app, null, pending.id, { amountCents: 12_345 });
    await server.app.ctx.db.insert(pledges).values({
      eventId: pending.id,
      amountCents: 5_000,
      status: 'failed',
      failureReason: 'card_declined',
      failedAt: new Date(),
      idempotencyKey: `failed-${Date.now()}`,
    });

    const response = await admin.get('/api/admin/dashboard');
    expect(response.status).toBe(200);
    const data = response.data.data;
    expect(data.campaigns_by_status.pending).toBe(before.campaigns_by_status.pending + 1);
    expect(data.pending_reviews.count).toBe(before.pending_reviews.count + 1);
    expect(data.pending_reviews.oldest_waiting_since).not.toBeNull();
    expect(data.money.pledged).toBeCloseTo(before.money.pledged + 173.45, 2);
    expect(data.money.failed_count).toBe(before.money.failed_count + 1);
    expect(data.money.failed_charges).toBeCloseTo(before.money.failed_charges + 50, 2);
    expect(data.series).toHaveLength(30);
    expect(data.series.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    expect(data.series.at(-1).pledged).toBeCloseTo(before.series.at(-1).pledged + 173.45, 2);
  });
});

describe('campaigns and reviews', () => {
  it('searches, filters, sorts and pages on the server', async () => {
    const owner = await createOwner(server.app);
    const tag = `Zebra${Date.now()}`;
    await createCampaign(server.app, owner.id, { status: 'approved', name: `${tag} Alpha`, kind: 'crowdfunding', targetCents: 20_000 });
    await createCampaign(server.app, owner.id, { status: 'approved', name: `${tag} Beta`, kind: 'crowdfunding', targetCents: 30_000 });
    await createCampaign(server.app, owner.id, { name: `${tag} Gamma`, kind: 'event', status: 'freeze' });

    const crowdfunding = await admin.get(`/api/admin/campaigns?q=${tag}&kind=crowdfunding&sort=target&order=desc&per_page=1&page=2`);
    expect(crowdfunding.status).toBe(200);
    expect(crowdfunding.data.data.total).toBe(2);
    expect(crowdfunding.data.data.items.map((row: { name: string }) => row.name)).toEqual([`${tag} Alpha`]);

    const frozen = await admin.get(`/api/admin/campaigns?q=${tag}&status=freeze`);
    expect(frozen.data.data.items.map((row: { name: string }) => row.name)).toEqual([`${tag} Gamma`]);

    expect((await admin.get('/api/admin/campaigns?sort=nonsense')).status).toBe(400);
  });

  it('lists a campaign’s pledges with their statuses and failure reasons', async () => {
    const owner = await createOwner(server.app);
    const campaign = await createCampaign(server.app, owner.id, { status: 'approved' });
    await server.app.ctx.db.insert(pledges).values({
      eventId: campaign.id,
      amountCents: 2_500,
      status: 'failed',
      failureReason: 'insufficient_funds',
      failedAt: new Date(),
      idempotencyKey: `f-${Date.now()}`,
    });
    const response = await admin.get(`/api/admin/campaigns/${campaign.id}/pledges`);
    expect(response.data.data.items).toHaveLength(1);
    expect(response.data.data.items[0]).toMatchObject({ status: 'failed', failure_reason: 'insufficient_funds', amount: 25 });
    expect(response.data.data.items[0].window_ends_at).not.toBeNull();
  });

  it('queues pending campaigns oldest first and shows what the creator submitted', async () => {
    const owner = await createOwner(server.app);
    const older = await createCampaign(server.app, owner.id, { status: 'pending', updatedAt: new Date(Date.now() - 3 * 3_600_000) });
    const newer = await createCampaign(server.app, owner.id, { status: 'pending' });
    await server.app.ctx.db.insert(pledges).values({ eventId: older.id, amountCents: 10_000, isCreatorPledge: true, idempotencyKey: `fund-${older.id}` });

    const queue = (await admin.get('/api/admin/reviews')).data.data.items.map((item: { _id: string }) => item._id);
    expect(queue.indexOf(older.id)).toBeLessThan(queue.indexOf(newer.id));

    const detail = await admin.get(`/api/admin/reviews/${older.id}`);
    expect(detail.status).toBe(200);
    expect(detail.data.data.event.name).toBe(older.name);
    expect(detail.data.data.owner).toMatchObject({ _id: owner.id, identity_status: 'unverified' });
    expect(detail.data.data.funding).toMatchObject({ amount: 100, status: 'pending' });
    expect((await admin.get(`/api/admin/reviews/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });

  it('lists completed campaigns waiting for the charge with what All or Nothing will do', async () => {
    const owner = await createOwner(server.app);
    const short = await createCampaign(server.app, owner.id, { status: 'completed', fundingModel: 'all_or_nothing', targetCents: 100_000 });
    await createPledge(server.app, null, short.id, { amountCents: 40_000 });
    const reached = await createCampaign(server.app, owner.id, { status: 'completed', fundingModel: 'all_or_nothing', targetCents: 10_000 });
    await createPledge(server.app, null, reached.id, { amountCents: 40_000 });
    const waiting = (await admin.get('/api/admin/charging')).data.data.waiting as { _id: string; charge: { outcome: string; pledges: { count: number } } }[];
    expect(waiting.find((row) => row._id === short.id)).toMatchObject({ charge: { outcome: 'release', pledges: { count: 1 } } });
    expect(waiting.find((row) => row._id === reached.id)).toMatchObject({ charge: { outcome: 'charge', pledges: { count: 1 } } });
  });
});

describe('charities', () => {
  it('adds a charity with a logo in a new group, hides it from the public list and shows it again, each step audited', async () => {
    const group = await admin.post('/api/admin/charity-groups', { title: `Rivers ${Date.now()}` });
    expect(group.status).toBe(201);
    const created = await admin.request('POST', '/api/admin/charities', {
      form: charityForm(
        { name: 'Clean Rivers Trust', group_id: group.data.data._id, link: 'https://cleanrivers.example.org', description: 'Rivers.' },
        { data: await pngImage(), name: 'logo.png', type: 'image/png' },
      ),
    });
    expect(created.status).toBe(201);
    expect(created.data.data.logo).toMatch(/^\/uploads\/logos\/.+\.jpg$/);
    const id = created.data.data._id as string;

    const publicNames = async () =>
      ((await (await fetch(`${server.url}/api/charities`)).json()) as { charities: { name: string }[] }[]).flatMap((g) => g.charities.map((c) => c.name));
    expect(await publicNames()).toContain('Clean Rivers Trust');

    expect((await admin.post(`/api/admin/charities/${id}/visibility`, { hidden: true })).data.data.hidden).toBe(true);
    expect(await publicNames()).not.toContain('Clean Rivers Trust');
    expect((await admin.get('/api/admin/charities')).data.data.charities.map((c: { name: string }) => c.name)).toContain('Clean Rivers Trust');

    const edited = await admin.request('PUT', `/api/admin/charities/${id}`, {
      form: charityForm({ name: 'Clean Rivers Fund', group_id: group.data.data._id, link: '', hidden: 'false' }),
    });
    expect(edited.status).toBe(200);
    expect(edited.data.data).toMatchObject({ name: 'Clean Rivers Fund', hidden: false, link: null });
    expect(await publicNames()).toContain('Clean Rivers Fund');

    const rows = await server.app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(rows.map((row) => row.action).sort()).toEqual(['charity.create', 'charity.hide', 'charity.update']);
    const update = rows.find((row) => row.action === 'charity.update')!;
    expect(update.before).toMatchObject({ name: 'Clean Rivers Trust', hidden: true });
    expect(update.after).toMatchObject({ name: 'Clean Rivers Fund', hidden: false });
    expect(update.actorId).toBe(adminId);
  });

  it('refuses a missing name, a bad link and a non-image logo, and changes nothing', async () => {
    const groupId = (await admin.get('/api/admin/charities')).data.data.groups[0]._id;
    const count = (await admin.get('/api/admin/charities')).data.data.charities.length;
    const noName = await admin.request('POST', '/api/admin/charities', { form: charityForm({ name: ' ', group_id: groupId }) });
    expect(noName.status).toBe(400);
    expect(noName.data.fields.name).toBe('Name is required');
    const badLink = await admin.request('POST', '/api/admin/charities', { form: charityForm({ name: 'X', group_id: groupId, link: 'javascript:alert(1)' }) });
    expect(badLink.data.fields.link).toBe('Enter a full link starting with https://');
    const fakeLogo = await admin.request('POST', '/api/admin/charities', {
      form: charityForm({ name: 'Fake Logo', group_id: groupId }, { data: Buffer.from('MZ not an image'), name: 'logo.png', type: 'image/png' }),
    });
    expect(fakeLogo.status).toBe(400);
    expect((await admin.get('/api/admin/charities')).data.data.charities.length).toBe(count);
  });
});

describe('people', () => {
  it('disables an account: its access token is refused at once, it cannot log in, refresh fails; enable lets it log in again', async () => {
    const target = await signUp(server.url, { name: 'Dana Disabled' });
    expect((await target.client.get('/api/site/auth-check')).status).toBe(200);

    const found = await admin.get(`/api/admin/users?q=${encodeURIComponent(target.email)}`);
    expect(found.data.data.items.map((row: { _id: string }) => row._id)).toEqual([target.user._id]);

    const disabled = await admin.post(`/api/admin/users/${target.user._id}/disable`, { reason: 'Chargeback fraud' });
    expect(disabled.status).toBe(200);
    expect(disabled.data.data.disabled_at).not.toBeNull();

    expect((await target.client.get('/api/site/auth-check')).status).toBe(401);
    expect((await target.client.post('/api/site/refresh-token')).status).toBe(401);
    expect((await new TestClient(server.url).post('/api/site/login', { email: target.email, password: target.password })).status).toBe(403);

    const [row] = await server.app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, target.user._id));
    expect(row).toMatchObject({ action: 'user.disable', reason: 'Chargeback fraud', actorId: adminId });

    expect((await admin.post(`/api/admin/users/${target.user._id}/enable`, {})).data.data.disabled_at).toBeNull();
    expect((await new TestClient(server.url).post('/api/site/login', { email: target.email, password: target.password })).status).toBe(200);
  });

  it('shows a user with campaigns and pledges, and refuses to disable the admin’s own account', async () => {
    const person = await signUp(server.url);
    const campaign = await createCampaign(server.app, person.user._id, { status: 'approved' });
    await server.app.ctx.db.insert(pledges).values({ eventId: campaign.id, userId: person.user._id, amountCents: 700, idempotencyKey: `p-${campaign.id}` });
    const detail = await admin.get(`/api/admin/users/${person.user._id}`);
    expect(detail.data.data.campaigns.map((c: { _id: string }) => c._id)).toEqual([campaign.id]);
    expect(detail.data.data.pledges[0]).toMatchObject({ amount: 7, status: 'pending' });

    const self = await admin.post(`/api/admin/users/${adminId}/disable`, {});
    expect(self.status).toBe(409);
    expect((await admin.get('/api/site/auth-check')).status).toBe(200);
  });
});

describe('messages and the audit log', () => {
  it('marks a contact message handled (audited) and exports messages and subscribers as CSV', async () => {
    const [message] = await server.app.ctx.db
      .insert(contactMessages)
      .values({ tab: 'support', name: 'Rosa Diaz', email: 'rosa@example.com', phone: '555', eventName: 'Polar Plunge', message: '=cmd|"/c calc"' })
      .returning();
    await server.app.ctx.db.insert(newsletterSubscriptions).values({ email: 'reader@example.com', confirmTokenHash: 'h' });

    const open = await admin.get('/api/admin/messages?state=open');
    expect(open.data.data.items.map((row: { _id: string }) => row._id)).toContain(message!.id);
    const handled = await admin.post(`/api/admin/messages/${message!.id}/handled`, { handled: true });
    expect(handled.data.data.handled_at).not.toBeNull();
    expect((await admin.get('/api/admin/messages?state=open')).data.data.items.map((row: { _id: string }) => row._id)).not.toContain(message!.id);

    const csv = await admin.get('/api/admin/messages/export.csv?state=all');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.data).toContain('Rosa Diaz');
    // A cell a spreadsheet would run as a formula is neutralised.
    expect(csv.data).toContain(`"'=cmd|""/c calc"""`);
    expect((await admin.get('/api/admin/subscribers/export.csv')).data).toContain('reader@example.com');

    const audit = await admin.get(`/api/admin/audit?action=contact_message.&target=${message!.id}`);
    expect(audit.data.data.items).toHaveLength(1);
    expect(audit.data.data.items[0]).toMatchObject({ action: 'contact_message.handle', actor_id: adminId, before: { handled_at: null } });
  });

  it('filters the audit log by actor and date and exports it', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const mine = await admin.get(`/api/admin/audit?actor=${adminId}&from=${today}&to=${today}&per_page=100`);
    expect(mine.data.data.total).toBeGreaterThan(0);
    expect(mine.data.data.items.every((row: { actor_id: string }) => row.actor_id === adminId)).toBe(true);
    expect((await admin.get('/api/admin/audit?from=2000-01-01&to=2000-01-02')).data.data.total).toBe(0);
    const csv = await admin.get('/api/admin/audit/export.csv?action=user.');
    expect(csv.data.split('\r\n')[0]).toBe('id,when,actor,action,target_type,target_id,reason,before,after');
    expect(csv.data).toContain('user.disable');
  });
});
