import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient } from '../../test/client.ts';
import { publicPageMeta } from '../seo/routes.ts';
import { createCampaign, createOwner, createPledge } from '../../test/factories.ts';

let server: TestServer;
let client: TestClient;

/** These tests write campaigns straight to the database, so they clear the public reads as a job would (decision 062). */
function listLive(path: string) {
  server.app.ctx.publicReads.clear();
  return client.get(path);
}
const ids: Record<string, string> = {};

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.url);
  const owner = await createOwner(server.app);
  // Created oldest first so "newest" order is the reverse of this list.
  ids.soon = (await createCampaign(server.app, owner.id, { status: 'approved', name: 'Soon Ending Walk', eventDate: daysFromNow(2), kind: 'event' })).id;
  ids.rich = (
    await createCampaign(server.app, owner.id, {
      status: 'approved',
      name: 'Rich Money Bomb',
      hostFullName: 'Test Host',
      eventDate: daysFromNow(20),
      kind: 'money_bomb',
      categories: [],
    })
  ).id;
  ids.frozen = (await createCampaign(server.app, owner.id, { name: 'Frozen Runoff', status: 'freeze', kind: 'runoff', eventDate: daysFromNow(5) })).id;
  ids.ended = (await createCampaign(server.app, owner.id, { status: 'approved', name: 'Ended Drive', eventDate: daysFromNow(-3), kind: 'crowdfunding' })).id;
  ids.pending = (await createCampaign(server.app, owner.id, { name: 'Pending Secret', status: 'pending' })).id;
  ids.rejected = (await createCampaign(server.app, owner.id, { name: 'Rejected Secret', status: 'rejected' })).id;
  ids.completed = (await createCampaign(server.app, owner.id, { name: 'Completed Secret', status: 'completed' })).id;
  await createPledge(server.app, null, ids.rich, { amountCents: 90_000, status: 'charged' });
  await createPledge(server.app, null, ids.rich, { amountCents: 5_000 });
  await createPledge(server.app, null, ids.soon, { amountCents: 1_000 });
  await createPledge(server.app, null, ids.soon, { amountCents: 500_000, status: 'released' }); // released pledges do not count
});
afterAll(async () => {
  await server.close();
});

describe('GET /api/events/allActive', () => {
  it('lists approved and frozen campaigns as a plain array, newest first, never pending, rejected or completed ones', async () => {
    const response = await listLive('/api/events/allActive');
    expect(response.status).toBe(200);
    expect(Array.isArray(response.data)).toBe(true);
    expect(response.data.map((event: { name: string }) => event.name)).toEqual(['Ended Drive', 'Frozen Runoff', 'Rich Money Bomb', 'Soon Ending Walk']);
    expect(response.headers.get('x-next-offset')).toBeNull();
    const rich = response.data.find((event: { _id: string }) => event._id === ids.rich);
    expect(rich).toMatchObject({ payment_amount: 950, target_amount: 1000, status: 'approved', kind: 'money_bomb', categories: [] });
    expect(rich.host.full_name).toBe('Test Host');
  });

  it('filters by kind', async () => {
    const response = await listLive('/api/events/allActive?kind=money_bomb');
    expect(response.data.map((event: { _id: string }) => event._id)).toEqual([ids.rich]);
    const runoff = await listLive('/api/events/allActive?kind=runoff');
    expect(runoff.data.map((event: { _id: string }) => event._id)).toEqual([ids.frozen]);
  });

  it('filters by one category, whatever its case (the home page topic cards)', async () => {
    const owner = await createOwner(server.app);
    const tech = (await createCampaign(server.app, owner.id, { status: 'approved', name: 'Code Marathon', categories: ['Education', 'Technology'] })).id;
    const response = await client.get('/api/events/allActive?category=technology');
    expect(response.status).toBe(200);
    expect(response.data.map((event: { _id: string }) => event._id)).toEqual([tech]);
    expect((await client.get('/api/events/allActive?category=Politics')).data).toEqual([]);
    await server.app.ctx.database.query('delete from events where id = $1', [tech]);
  });

  it('sorts by ending soon (upcoming first, ended last) and by most raised', async () => {
    const ending = await listLive('/api/events/allActive?sort=ending_soon');
    expect(ending.data.map((event: { name: string }) => event.name)).toEqual(['Soon Ending Walk', 'Frozen Runoff', 'Rich Money Bomb', 'Ended Drive']);
    const raised = await listLive('/api/events/allActive?sort=most_raised');
    expect(raised.data.slice(0, 2).map((event: { name: string }) => event.name)).toEqual(['Rich Money Bomb', 'Soon Ending Walk']);
  });

  it('pages with limit and offset and names the next offset in a header', async () => {
    const first = await listLive('/api/events/allActive?limit=3');
    expect(first.data).toHaveLength(3);
    expect(first.headers.get('x-next-offset')).toBe('3');
    const second = await listLive('/api/events/allActive?limit=3&offset=3');
    expect(second.data).toHaveLength(1);
    expect(second.headers.get('x-next-offset')).toBeNull();
    const seen = [...first.data, ...second.data].map((event: { _id: string }) => event._id);
    expect(new Set(seen).size).toBe(4);
  });

  it('caps the default page at 9 (docs/product.md#campaign-lists) and refuses a limit above 48 or an unknown kind', async () => {
    const owner = await createOwner(server.app);
    for (let index = 0; index < 8; index += 1) await createCampaign(server.app, owner.id, { status: 'approved', kind: 'crowdfunding' });
    const page = await listLive('/api/events/allActive');
    expect(page.data).toHaveLength(9);
    expect(page.headers.get('x-next-offset')).toBe('9');
    expect((await listLive('/api/events/allActive?limit=49')).status).toBe(400);
    const badKind = await listLive('/api/events/allActive?kind=lottery');
    expect(badKind.status).toBe(400);
    expect(badKind.data.code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/charities', () => {
  it('returns the three seeded groups in order, each with its charities and optional links', async () => {
    const response = await client.get('/api/charities');
    expect(response.status).toBe(200);
    expect(response.data.map((group: { title: string }) => group.title)).toEqual(['Fill A Belly', 'Defend The Innocent', 'Thank A Veteran']);
    const [fillABelly] = response.data;
    expect(fillABelly.charities).toHaveLength(4);
    expect(fillABelly.charities[0]).toMatchObject({
      name: 'Brightpot Community Kitchens',
      logo: '/images/charity-01.svg',
      link: 'https://brightpot.example.org',
    });
    expect(fillABelly.charities[3]).toMatchObject({ name: 'Cornerstone Pantry Collective', link: null });
  });
});

describe('sitemap, robots and link previews', () => {
  it('lists public pages and live campaigns in sitemap.xml, not pending ones', async () => {
    const response = await client.get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml: string = response.data;
    expect(xml).toContain('<loc>http://localhost');
    expect(xml).toContain('/charities</loc>');
    expect(xml).toContain(`/events/${ids.rich}</loc>`);
    expect(xml).toContain(`/events/${ids.frozen}</loc>`);
    expect(xml).not.toContain(ids.pending);
    expect(xml).not.toContain(ids.rejected);
  });

  it('serves robots.txt that keeps crawlers out of the signed-in area and names the sitemap', async () => {
    const response = await client.get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.data).toContain('Disallow: /user/');
    expect(response.data).toMatch(/Sitemap: http.+\/sitemap\.xml/);
  });

  it('resolves link-preview meta for home, the lists and charities, and leaves other paths alone', async () => {
    expect((await publicPageMeta('/events/money-bomb', server.app))?.title).toBe('Money Bomb campaigns — Pledgeway');
    expect((await publicPageMeta('/charities/', server.app))?.title).toBe('Charities — Pledgeway');
    expect((await publicPageMeta('/', server.app))?.image).toBe('/images/hero-1.svg');
    expect(await publicPageMeta(`/events/${ids.rich}`, server.app)).toBeUndefined();
  });
});
