import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNDRAISING_PAGE_MESSAGES } from '@pledgeway/domain';
import { events, outboxEmails, pledges } from '../../db/schema.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { fundraisingPages } from './tables.ts';
import { createCampaign, makeAdmin } from '../../test/factories.ts';
import { supporterWithCard } from '../../test/money.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

type Person = Awaited<ReturnType<typeof signUp>>;
type Supporter = Awaited<ReturnType<typeof supporterWithCard>>;
let slugCounter = 0;
const uniqueSlug = (base: string) => `${base}-${++slugCounter}-${Date.now().toString(36)}`;

async function liveCampaignOf(host: Person, values: Parameters<typeof createCampaign>[2] = {}) {
  return createCampaign(server.app, host.user._id, { status: 'approved', name: 'City Marathon', ...values });
}

function startPage(client: TestClient, eventId: string, values: Record<string, unknown> = {}) {
  return client.post(`/api/events/${eventId}/fundraising-pages`, {
    title: 'Anna runs for clean water',
    story: 'Every mile I run is a well dug.',
    target_amount: 500,
    slug: uniqueSlug('anna-runs'),
    ...values,
  });
}

async function pledgeThrough(supporter: Supporter, eventId: string, amount: number, page: unknown, extra: Record<string, unknown> = {}) {
  const response = await supporter.client.post(`/api/events/${eventId}/pledges`, {
    amount,
    tip_percent: 0,
    payment_method_id: supporter.cardId,
    page,
    ...extra,
  });
  expect(response.status, JSON.stringify(response.data)).toBe(201);
  return response.data.data.pledge as { _id: string; fundraising_page_id: string | null };
}

async function mailsOf(email: string, kind: string) {
  return server.app.ctx.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, email.toLowerCase()), eq(outboxEmails.kind, kind)));
}

async function leaderboard(eventId: string) {
  const response = await new TestClient(server.url).get(`/api/events/${eventId}/fundraising-pages`);
  expect(response.status).toBe(200);
  return response.data.data.pages as Array<{ _id: string; title: string; raised: number; supporters: number; owner: { name: string } }>;
}

describe('fundraising pages', () => {
  it('starts a page with a picture, attributes pledges through it, sums the leaderboard from counted pledges only, and shows the owner their supporters', async () => {
    const host = await signUp(server.url, { name: 'Hana Host' });
    const anna = await signUp(server.url, { name: 'Anna Runner' });
    const ben = await signUp(server.url, { name: 'Ben Runner' });
    const campaign = await liveCampaignOf(host);
    const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();

    const started = await startPage(anna.client, campaign.id, { slug: 'Anna-Runs-Boston', image: `data:image/png;base64,${picture.toString('base64')}` });
    expect(started.status, JSON.stringify(started.data)).toBe(201);
    expect(started.data).toMatchObject({
      success: true,
      message: FUNDRAISING_PAGE_MESSAGES.created,
      data: { slug: 'anna-runs-boston', title: 'Anna runs for clean water', target_amount: 500, raised: 0, supporters: 0, owner: { name: 'Anna Runner' } },
    });
    const annaPage = started.data.data as { _id: string; image: string };
    expect(annaPage.image).toMatch(/^\/uploads\/banners\/.+\.jpg$/);
    expect((await mailsOf(anna.email, 'fundraising-page-created'))[0]?.text).toContain(`${server.config.publicUrl}/fundraisers/anna-runs-boston`);
    const benPage = (await startPage(ben.client, campaign.id, { title: 'Ben rides' })).data.data as { _id: string };

    const fan = await supporterWithCard(server, 'Fan Named');
    const shy = await supporterWithCard(server, 'Shy Fan');
    const first = await pledgeThrough(fan, campaign.id, 40, annaPage._id, { message: 'Go Anna!' });
    expect(first.fundraising_page_id).toBe(annaPage._id);
    await pledgeThrough(fan, campaign.id, 10.5, annaPage._id);
    await pledgeThrough(shy, campaign.id, 25, annaPage._id, { anonymous: true });
    const released = await pledgeThrough(shy, campaign.id, 99, annaPage._id);
    await server.app.ctx.db.update(pledges).set({ status: 'released' }).where(eq(pledges.id, released._id));
    await pledgeThrough(fan, campaign.id, 30, benPage._id);
    // Not the page's: a plain pledge, and links that are no page of this campaign. The pledge is still made.
    const plain = await pledgeThrough(fan, campaign.id, 7, null);
    const nonsense = await pledgeThrough(fan, campaign.id, 8, 'not-a-page');
    const elsewhere = await liveCampaignOf(host, { name: 'Other Walk' });
    const wrongCampaign = await pledgeThrough(fan, elsewhere.id, 9, annaPage._id);
    for (const pledge of [plain, nonsense, wrongCampaign]) expect(pledge.fundraising_page_id).toBeNull();

    expect(await leaderboard(campaign.id)).toMatchObject([
      { _id: annaPage._id, raised: 75.5, supporters: 2, owner: { name: 'Anna Runner' } },
      { _id: benPage._id, raised: 30, supporters: 1 },
    ]);
    // The campaign's own total counts every counted pledge, through a page or not.
    expect((await new TestClient(server.url).get(`/api/events/show/${campaign.id}`)).data.payment_amount).toBe(75.5 + 30 + 7 + 8);

    const mine = await anna.client.get('/api/fundraising-pages/mine');
    expect(mine.status).toBe(200);
    const [dashboard] = mine.data.data.pages;
    expect(dashboard).toMatchObject({ _id: annaPage._id, raised: 75.5, event: { _id: campaign.id, name: 'City Marathon' }, hidden_at: null });
    expect(dashboard.supporters_list.map((s: { name: string | null; amount: number }) => [s.name, s.amount])).toEqual([
      [null, 25],
      ['Fan Named', 10.5],
      ['Fan Named', 40],
    ]);
    expect(dashboard.supporters_list[2].message).toBe('Go Anna!');
    const notices = await mailsOf(anna.email, 'fundraising-page-pledged');
    expect(notices.map((mail) => mail.subject).sort()).toEqual([
      'New pledge of $10.50 through "Anna runs for clean water"',
      'New pledge of $25.00 through "Anna runs for clean water"',
      'New pledge of $40.00 through "Anna runs for clean water"',
      'New pledge of $99.00 through "Anna runs for clean water"',
    ]);
    const anonymousNotice = notices.find((mail) => mail.subject.includes('$25.00'))?.text;
    expect(anonymousNotice).toContain('An anonymous supporter pledged $25.00');
    expect(anonymousNotice).not.toContain('Shy Fan');

    const publicPage = await new TestClient(server.url).get('/api/fundraising-pages/ANNA-runs-boston');
    expect(publicPage.status).toBe(200);
    expect(publicPage.data.data).toMatchObject({
      _id: annaPage._id,
      story: 'Every mile I run is a well dug.',
      event: { _id: campaign.id, status: 'approved' },
    });
  });

  it('lets the host hide a page: off the leaderboard, its link says so, new pledges through it count only for the campaign, and the owner is told', async () => {
    const host = await signUp(server.url, { name: 'Hugo Host' });
    const owner = await signUp(server.url, { name: 'Olga Owner' });
    const stranger = await signUp(server.url, { name: 'Sid Stranger' });
    const campaign = await liveCampaignOf(host);
    const slug = uniqueSlug('olga');
    const page = (await startPage(owner.client, campaign.id, { slug })).data.data as { _id: string };

    expect((await stranger.client.post(`/api/fundraising-pages/${page._id}/hide`)).status).toBe(403);
    expect((await owner.client.post(`/api/fundraising-pages/${page._id}/hide`)).status).toBe(403);
    expect((await host.client.post(`/api/fundraising-pages/${page._id}/show`)).data.message).toBe(FUNDRAISING_PAGE_MESSAGES.notHidden);

    const hidden = await host.client.post(`/api/fundraising-pages/${page._id}/hide`);
    expect(hidden.status).toBe(200);
    expect(hidden.data).toMatchObject({ message: FUNDRAISING_PAGE_MESSAGES.hiddenDone, data: { _id: page._id } });
    expect(hidden.data.data.hidden_at).toEqual(expect.any(String));
    expect((await host.client.post(`/api/fundraising-pages/${page._id}/hide`)).status).toBe(409);
    expect(await mailsOf(owner.email, 'fundraising-page-hidden')).toHaveLength(1);
    expect(await leaderboard(campaign.id)).toEqual([]);

    const link = await new TestClient(server.url).get(`/api/fundraising-pages/${slug}`);
    expect(link.status).toBe(404);
    expect(link.data).toMatchObject({ code: 'FUNDRAISING_PAGE_HIDDEN', message: FUNDRAISING_PAGE_MESSAGES.hidden });
    // Its owner and the host still open it (the owner's dashboard says it is hidden).
    expect((await owner.client.get(`/api/fundraising-pages/${slug}`)).status).toBe(200);
    expect((await host.client.get(`/api/events/${campaign.id}/fundraising-pages/manage`)).data.data.pages).toMatchObject([{ _id: page._id }]);

    const fan = await supporterWithCard(server, 'Late Fan');
    const late = await pledgeThrough(fan, campaign.id, 20, page._id);
    expect(late.fundraising_page_id).toBeNull();

    const shown = await host.client.post(`/api/fundraising-pages/${page._id}/show`);
    expect(shown.data).toMatchObject({ message: FUNDRAISING_PAGE_MESSAGES.shownDone, data: { hidden_at: null } });
    expect(await leaderboard(campaign.id)).toMatchObject([{ _id: page._id, raised: 0 }]);
  });

  it('lets the owner close a page: it keeps its total on the leaderboard, says it is closed, and new pledges through it are the campaign’s alone', async () => {
    const host = await signUp(server.url, { name: 'Cleo Host' });
    const owner = await signUp(server.url, { name: 'Colm Owner' });
    const stranger = await signUp(server.url, { name: 'Cas Stranger' });
    const campaign = await liveCampaignOf(host);
    const slug = uniqueSlug('colm');
    const page = (await startPage(owner.client, campaign.id, { slug })).data.data as { _id: string };
    const early = await pledgeThrough(await supporterWithCard(server, 'Early Fan'), campaign.id, 40, page._id);
    expect(early.fundraising_page_id).toBe(page._id);

    // Only its owner: not the campaign's host, an admin or anyone else.
    const admin = await signUp(server.url);
    await makeAdmin(server, admin.user._id);
    const adminClient = new TestClient(server.url);
    adminClient.accessToken = (await adminClient.post('/api/site/login', { email: admin.email, password: admin.password })).data.user.accessToken;
    for (const client of [host.client, stranger.client, adminClient]) {
      const refused = await client.post(`/api/fundraising-pages/${page._id}/close`);
      expect(refused.status).toBe(403);
      expect(refused.data.message).toBe(FUNDRAISING_PAGE_MESSAGES.notOwnerClose);
    }
    expect((await new TestClient(server.url).post(`/api/fundraising-pages/${page._id}/close`)).status).toBe(401);
    expect((await owner.client.post(`/api/fundraising-pages/${page._id}/reopen`)).data.message).toBe(FUNDRAISING_PAGE_MESSAGES.notClosed);

    const closed = await owner.client.post(`/api/fundraising-pages/${page._id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.data).toMatchObject({ message: FUNDRAISING_PAGE_MESSAGES.closedDone, data: { _id: page._id, raised: 40, hidden_at: null } });
    expect(closed.data.data.closed_at).toEqual(expect.any(String));
    expect((await owner.client.post(`/api/fundraising-pages/${page._id}/close`)).data.message).toBe(FUNDRAISING_PAGE_MESSAGES.alreadyClosed);

    // Still public, with what was pledged through it, and marked closed.
    const link = await new TestClient(server.url).get(`/api/fundraising-pages/${slug}`);
    expect(link.status).toBe(200);
    expect(link.data.data).toMatchObject({ raised: 40, supporters: 1, closed_at: closed.data.data.closed_at });
    expect(await leaderboard(campaign.id)).toMatchObject([{ _id: page._id, raised: 40, closed_at: closed.data.data.closed_at }]);

    const late = await pledgeThrough(await supporterWithCard(server, 'Late Fan'), campaign.id, 25, page._id);
    expect(late.fundraising_page_id).toBeNull();
    expect(await mailsOf(owner.email, 'fundraising-page-pledged')).toHaveLength(1);
    expect(await leaderboard(campaign.id)).toMatchObject([{ raised: 40, supporters: 1 }]);

    const reopened = await owner.client.post(`/api/fundraising-pages/${page._id}/reopen`);
    expect(reopened.data).toMatchObject({ message: FUNDRAISING_PAGE_MESSAGES.reopenedDone, data: { closed_at: null } });
    expect((await pledgeThrough(await supporterWithCard(server, 'Return Fan'), campaign.id, 10, page._id)).fundraising_page_id).toBe(page._id);

    // A page is reopened only while its campaign takes pledges.
    expect((await owner.client.post(`/api/fundraising-pages/${page._id}/close`)).status).toBe(200);
    await server.app.ctx.db.update(events).set({ status: 'completed' }).where(eq(events.id, campaign.id));
    const refused = await owner.client.post(`/api/fundraising-pages/${page._id}/reopen`);
    expect(refused.status).toBe(409);
    expect(refused.data.message).toBe(FUNDRAISING_PAGE_MESSAGES.reopenNotLive);
  });

  it('attributes to a page only the pledges that came before its close, when both race', { tags: ['concurrency'] }, async () => {
    const host = await signUp(server.url, { name: 'Rhea Host' });
    const owner = await signUp(server.url, { name: 'Rory Owner' });
    const campaign = await liveCampaignOf(host);
    const page = (await startPage(owner.client, campaign.id)).data.data as { _id: string };
    const fans = await Promise.all(Array.from({ length: 12 }, (_, index) => supporterWithCard(server, `Racing Fan ${index}`)));
    const [closed] = await Promise.all([
      owner.client.post(`/api/fundraising-pages/${page._id}/close`),
      ...fans.map((fan) => pledgeThrough(fan, campaign.id, 10, page._id)),
    ]);
    expect(closed.status).toBe(200);
    const closedAt = new Date(closed.data.data.closed_at as string).getTime();
    const rows = await server.app.ctx.db.select().from(pledges).where(eq(pledges.eventId, campaign.id));
    expect(rows).toHaveLength(12);
    const attributed = rows.filter((row) => row.fundraisingPageId === page._id);
    // A pledge attributed to the page was written before the close took the page's row.
    for (const row of attributed) expect(row.createdAt.getTime()).toBeLessThanOrEqual(closedAt);
    expect(await leaderboard(campaign.id)).toMatchObject([{ _id: page._id, raised: 10 * attributed.length, supporters: attributed.length }]);
  });

  it('refuses bad input with the form messages and saves nothing', async () => {
    const host = await signUp(server.url, { name: 'Vera Host' });
    const person = await signUp(server.url, { name: 'Val Starter' });
    const campaign = await liveCampaignOf(host);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [
        { title: ' ', story: '', target_amount: '', slug: '' },
        {
          title: FUNDRAISING_PAGE_MESSAGES.titleRequired,
          story: FUNDRAISING_PAGE_MESSAGES.storyRequired,
          target_amount: FUNDRAISING_PAGE_MESSAGES.targetRequired,
          slug: FUNDRAISING_PAGE_MESSAGES.slugRequired,
        },
      ],
      [
        { title: 'ab', target_amount: 5, slug: 'Has Spaces' },
        { title: FUNDRAISING_PAGE_MESSAGES.titleMin, target_amount: FUNDRAISING_PAGE_MESSAGES.targetMin, slug: FUNDRAISING_PAGE_MESSAGES.slugFormat },
      ],
      [
        { target_amount: 50_001, slug: 'mine', story: 'x'.repeat(2001) },
        { target_amount: FUNDRAISING_PAGE_MESSAGES.targetMax, slug: FUNDRAISING_PAGE_MESSAGES.slugReserved, story: FUNDRAISING_PAGE_MESSAGES.storyMax },
      ],
      [{ image: 'data:image/png;base64,bm90IGFuIGltYWdl' }, { image: 'Please upload an image file' }],
    ];
    for (const [values, fields] of cases) {
      const response = await startPage(person.client, campaign.id, values);
      expect(response.status, JSON.stringify(values)).toBe(400);
      expect(response.data.fields).toMatchObject(fields);
    }
    expect(await server.app.ctx.db.select().from(fundraisingPages).where(eq(fundraisingPages.eventId, campaign.id))).toEqual([]);
    expect((await startPage(new TestClient(server.url), campaign.id)).status).toBe(401);
  });

  it('allows one page per person and campaign, a slug once, and pages only on live campaigns of someone else', async () => {
    const host = await signUp(server.url, { name: 'Rita Host' });
    const person = await signUp(server.url, { name: 'Pat Starter' });
    const other = await signUp(server.url, { name: 'Olly Other' });
    const campaign = await liveCampaignOf(host);
    const slug = uniqueSlug('pat');
    expect((await startPage(person.client, campaign.id, { slug })).status).toBe(201);
    const again = await startPage(person.client, campaign.id);
    expect(again.status).toBe(409);
    expect(again.data.message).toBe(FUNDRAISING_PAGE_MESSAGES.alreadyHasPage);
    const taken = await startPage(other.client, campaign.id, { slug });
    expect(taken.status).toBe(400);
    expect(taken.data.fields).toEqual({ slug: FUNDRAISING_PAGE_MESSAGES.slugTaken });
    expect((await startPage(host.client, campaign.id)).data.message).toBe(FUNDRAISING_PAGE_MESSAGES.ownCampaign);
    const pending = await createCampaign(server.app, host.user._id, { status: 'pending', name: 'Not Yet' });
    expect((await startPage(other.client, pending.id)).status).toBe(404);
    const completed = await createCampaign(server.app, host.user._id, { status: 'completed', name: 'Done Run' });
    const late = await startPage(other.client, completed.id);
    expect(late.status).toBe(409);
    expect(late.data.message).toBe(FUNDRAISING_PAGE_MESSAGES.notLive);
    expect((await new TestClient(server.url).get(`/api/events/${pending.id}/fundraising-pages`)).status).toBe(404);
    expect((await new TestClient(server.url).get('/api/fundraising-pages/no-such-page')).status).toBe(404);
  });

  it('lets only one of two simultaneous starts with the same slug through', { tags: ['concurrency'] }, async () => {
    const host = await signUp(server.url, { name: 'Cora Host' });
    const campaign = await liveCampaignOf(host);
    const people = await Promise.all([signUp(server.url, { name: 'Racer One' }), signUp(server.url, { name: 'Racer Two' })]);
    const slug = uniqueSlug('race');
    const answers = await Promise.all(people.map((person) => startPage(person.client, campaign.id, { slug })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(await server.app.ctx.db.select().from(fundraisingPages).where(eq(fundraisingPages.slug, slug))).toHaveLength(1);
  });

  it("lets the owner edit a page's title, story, target and picture, keeping its link, and no one else", async () => {
    const host = await signUp(server.url, { name: 'Eve Host' });
    const owner = await signUp(server.url, { name: 'Ed Owner' });
    const campaign = await liveCampaignOf(host);
    const slug = uniqueSlug('ed-swims');
    const page = (await startPage(owner.client, campaign.id, { slug })).data.data as { _id: string; image: string };
    expect(page.image).toBe('');
    const edit = (client: TestClient, values: Record<string, unknown> = {}) =>
      client.request('PATCH', `/api/fundraising-pages/${page._id}`, {
        json: { title: 'Ed swims the bay', story: 'Two miles of cold water for warm meals.', target_amount: 750.5, ...values },
      });
    const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#37a' } })
      .png()
      .toBuffer();

    const saved = await edit(owner.client, { image: `data:image/png;base64,${picture.toString('base64')}` });
    expect(saved.status, JSON.stringify(saved.data)).toBe(200);
    expect(saved.data).toMatchObject({
      success: true,
      message: FUNDRAISING_PAGE_MESSAGES.saved,
      data: { _id: page._id, slug, title: 'Ed swims the bay', story: 'Two miles of cold water for warm meals.', target_amount: 750.5 },
    });
    const image = saved.data.data.image as string;
    expect(image).toMatch(/^\/uploads\/banners\/.+\.jpg$/);
    expect((await fetch(`${server.url}${image}`)).status).toBe(200);
    // Left out, the picture stays; empty, it goes.
    expect((await edit(owner.client, { title: 'Ed swims the whole bay' })).data.data).toMatchObject({ title: 'Ed swims the whole bay', image });
    expect((await edit(owner.client, { image: '' })).data.data.image).toBe('');
    expect((await leaderboard(campaign.id)).map((row) => row.title)).toEqual(['Ed swims the bay']);

    // Bad input: every message, and nothing changes.
    const bad = await edit(owner.client, { title: 'ab', story: ' ', target_amount: 5, image: 'data:image/png;base64,bm90IGFuIGltYWdl' });
    expect(bad.status).toBe(400);
    expect(bad.data.fields).toMatchObject({
      title: FUNDRAISING_PAGE_MESSAGES.titleMin,
      story: FUNDRAISING_PAGE_MESSAGES.storyRequired,
      target_amount: FUNDRAISING_PAGE_MESSAGES.targetMin,
    });
    const unreadable = await edit(owner.client, { image: 'data:image/png;base64,bm90IGFuIGltYWdl' });
    expect(unreadable.status).toBe(400);
    expect(unreadable.data.fields).toEqual({ image: 'Please upload an image file' });
    const [row] = await server.app.ctx.db.select().from(fundraisingPages).where(eq(fundraisingPages.id, page._id));
    expect(row).toMatchObject({ slug, title: 'Ed swims the bay', targetCents: 75_050, image: '' });

    // Only the owner: not the host, another person, an admin or a visitor.
    const signed = await signUp(server.url, { name: 'Adi Admin' });
    await makeAdmin(server, signed.user._id);
    const admin = new TestClient(server.url);
    admin.accessToken = (await admin.post('/api/site/login', { email: signed.email, password: signed.password })).data.user.accessToken;
    const stranger = await signUp(server.url, { name: 'Sid Stranger' });
    for (const client of [host.client, stranger.client, admin]) {
      const refused = await edit(client, { title: 'Taken over' });
      expect(refused.status).toBe(403);
      expect(refused.data.message).toBe(FUNDRAISING_PAGE_MESSAGES.notOwner);
    }
    expect((await edit(new TestClient(server.url))).status).toBe(401);
    const unknown = await owner.client.request('PATCH', '/api/fundraising-pages/00000000-0000-4000-8000-000000000000', {
      json: { title: 'Nobody', story: 'No page.', target_amount: 20 },
    });
    expect(unknown.status).toBe(404);
    expect((await new TestClient(server.url).get(`/api/fundraising-pages/${slug}`)).data.data.title).toBe('Ed swims the bay');

    // A hidden page may be edited and stays hidden.
    expect((await host.client.post(`/api/fundraising-pages/${page._id}/hide`)).status).toBe(200);
    expect((await edit(owner.client, { title: 'Ed swims anyway' })).status).toBe(200);
    expect((await new TestClient(server.url).get(`/api/fundraising-pages/${slug}`)).data.code).toBe('FUNDRAISING_PAGE_HIDDEN');
  });

  it('lets an admin hide a page', async () => {
    const host = await signUp(server.url, { name: 'Ari Host' });
    const owner = await signUp(server.url, { name: 'Ola Owner' });
    const campaign = await liveCampaignOf(host);
    const page = (await startPage(owner.client, campaign.id)).data.data as { _id: string };
    const signed = await signUp(server.url, { name: 'Ada Admin' });
    await makeAdmin(server, signed.user._id);
    const admin = new TestClient(server.url);
    admin.accessToken = (await admin.post('/api/site/login', { email: signed.email, password: signed.password })).data.user.accessToken;
    expect((await admin.post(`/api/fundraising-pages/${page._id}/hide`)).status).toBe(200);
  });
});
