import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STACK_MESSAGES } from '@pledgeway/domain';
import { events, users } from '../../db/schema.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { stackCampaigns, stacks } from './tables.ts';
import { createCampaign, createPledge, makeAdmin } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { serveWeb: false });
});
afterAll(async () => server.close());

type Person = Awaited<ReturnType<typeof signUp>>;

async function campaignsOf(host: Person, count: number, values: Parameters<typeof createCampaign>[2] = {}) {
  const rows = [];
  for (let index = 0; index < count; index += 1)
    rows.push(await createCampaign(server.app, host.user._id, { status: 'approved', name: `Walk ${index + 1}`, ...values }));
  return rows;
}

function body(eventIds: string[], overrides: Record<string, unknown> = {}) {
  return { title: 'Spring of Giving', description: 'Three events, one spring.', event_ids: eventIds, ...overrides };
}

async function stackCount(ownerId: string) {
  return (await server.app.ctx.db.select().from(stacks).where(eq(stacks.ownerId, ownerId))).length;
}

describe('Event Stacking', () => {
  it("publishes a stack of the host's campaigns with their combined total, and lets the owner edit and delete it", async () => {
    const host = await signUp(server.url, { name: 'Hana Host' });
    const [a, b, c] = await campaignsOf(host, 3);
    const backer = await signUp(server.url);
    const other = await signUp(server.url);
    await createPledge(server.app, backer.user._id, a!.id, { amountCents: 2_500 });
    await createPledge(server.app, backer.user._id, b!.id, { amountCents: 1_000 });
    await createPledge(server.app, other.user._id, b!.id, { amountCents: 500 });
    await createPledge(server.app, other.user._id, b!.id, { amountCents: 9_900, status: 'released' });

    const created = await host.client.post('/api/stacks', body([b!.id, a!.id]));
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    expect(created.data).toMatchObject({ success: true, message: STACK_MESSAGES.created, data: { title: 'Spring of Giving' } });
    expect(created.data.data.campaigns.map((row: { _id: string }) => row._id)).toEqual([b!.id, a!.id]);
    const id = created.data.data._id as string;

    const page = await new TestClient(server.url).get(`/api/stacks/${id}`);
    expect(page.status).toBe(200);
    expect(page.data.data).toMatchObject({
      title: 'Spring of Giving',
      description: 'Three events, one spring.',
      owner: { _id: host.user._id, name: 'Hana Host' },
      totals: { campaigns: 2, raised: 40, supporters: 2 },
    });
    expect(page.data.data.campaigns.map((row: { name: string; payment_amount: number }) => [row.name, row.payment_amount])).toEqual([
      ['Walk 2', 15],
      ['Walk 1', 25],
    ]);
    // A public read: no owner id and no e-mail on the cards.
    expect(page.data.data.campaigns[0].owner_id).toBeUndefined();
    expect(page.data.data.campaigns[0].host.email).toBeUndefined();

    const edited = await host.client.put(`/api/stacks/${id}`, body([a!.id, b!.id, c!.id], { title: 'Spring of Giving, extended' }));
    expect(edited.status).toBe(200);
    expect(edited.data.message).toBe(STACK_MESSAGES.saved);
    expect(edited.data.data.campaigns.map((row: { _id: string }) => row._id)).toEqual([a!.id, b!.id, c!.id]);
    const mine = await host.client.get('/api/stacks/mine');
    expect(mine.data.data.stacks).toMatchObject([{ _id: id, title: 'Spring of Giving, extended' }]);

    const sitemap = await fetch(`${server.url}/sitemap.xml`).then((response) => response.text());
    expect(sitemap).toContain(`/stacks/${id}</loc>`);

    const deleted = await host.client.delete(`/api/stacks/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.data.message).toBe(STACK_MESSAGES.deleted);
    expect((await new TestClient(server.url).get(`/api/stacks/${id}`)).status).toBe(404);
    expect(await server.app.ctx.db.select().from(stackCampaigns).where(eq(stackCampaigns.stackId, id))).toEqual([]);
    // The campaigns themselves are untouched.
    expect((await server.app.ctx.db.select().from(events).where(eq(events.id, a!.id)))[0]!.status).toBe('approved');
  });

  it('shows only the published campaigns, and has no page once none is left or the owner is disabled', async () => {
    const host = await signUp(server.url);
    const [a, b] = await campaignsOf(host, 2);
    const id = (await host.client.post('/api/stacks', body([a!.id, b!.id]))).data.data._id as string;
    await server.app.ctx.db.update(events).set({ status: 'cancelled' }).where(eq(events.id, a!.id));
    const page = await new TestClient(server.url).get(`/api/stacks/${id}`);
    expect(page.data.data.campaigns.map((row: { _id: string }) => row._id)).toEqual([b!.id]);
    expect(page.data.data.totals.campaigns).toBe(1);
    // The owner still sees what is in it, and what the public no longer sees.
    expect((await host.client.get('/api/stacks/mine')).data.data.stacks[0].campaigns).toMatchObject([
      { _id: a!.id, status: 'cancelled', published: false },
      { _id: b!.id, published: true },
    ]);

    await server.app.ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, host.user._id));
    expect((await new TestClient(server.url).get(`/api/stacks/${id}`)).status).toBe(404);
    await server.app.ctx.db.update(users).set({ disabledAt: null }).where(eq(users.id, host.user._id));
    await server.app.ctx.db.update(events).set({ status: 'close' }).where(eq(events.id, b!.id));
    const gone = await new TestClient(server.url).get(`/api/stacks/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.data.message).toBe(STACK_MESSAGES.notFound);
    expect(await fetch(`${server.url}/sitemap.xml`).then((response) => response.text())).not.toContain(`/stacks/${id}`);
  });

  describe('refusals change nothing', () => {
    it.each([
      ['one campaign', (ids: string[]) => body(ids.slice(0, 1)), 'event_ids', STACK_MESSAGES.tooFew],
      ['six campaigns', (ids: string[]) => body(ids), 'event_ids', STACK_MESSAGES.tooMany],
      ['a campaign twice', (ids: string[]) => body([ids[0]!, ids[0]!]), 'event_ids', STACK_MESSAGES.duplicate],
      ['a short title', (ids: string[]) => body(ids.slice(0, 2), { title: 'Hi' }), 'title', STACK_MESSAGES.titleMin],
      ['an empty title', (ids: string[]) => body(ids.slice(0, 2), { title: '   ' }), 'title', STACK_MESSAGES.titleRequired],
      ['a long description', (ids: string[]) => body(ids.slice(0, 2), { description: 'x'.repeat(281) }), 'description', STACK_MESSAGES.descriptionMax],
    ])('refuses %s', async (_label, make, field, message) => {
      const host = await signUp(server.url);
      const ids = (await campaignsOf(host, 6)).map((row) => row.id);
      const response = await host.client.post('/api/stacks', make(ids));
      expect(response.status).toBe(400);
      expect(response.data.fields[field]).toBe(message);
      expect(await stackCount(host.user._id)).toBe(0);
    });

    it("refuses someone else's campaign and an unpublished one of their own", async () => {
      const host = await signUp(server.url);
      const stranger = await signUp(server.url);
      const [mine] = await campaignsOf(host, 1);
      const [theirs] = await campaignsOf(stranger, 1);
      const [pending] = await campaignsOf(host, 1, { status: 'pending' });
      const foreign = await host.client.post('/api/stacks', body([mine!.id, theirs!.id]));
      expect(foreign.status).toBe(400);
      expect(foreign.data.fields.event_ids).toBe(STACK_MESSAGES.notYours);
      const unknown = await host.client.post('/api/stacks', body([mine!.id, '00000000-0000-4000-8000-000000000000']));
      expect(unknown.data.fields.event_ids).toBe(STACK_MESSAGES.notYours);
      const unpublished = await host.client.post('/api/stacks', body([mine!.id, pending!.id]));
      expect(unpublished.status).toBe(400);
      expect(unpublished.data.fields.event_ids).toBe(STACK_MESSAGES.notPublished);
      expect(await stackCount(host.user._id)).toBe(0);
    });

    it('lets only the owner edit or delete: another user and an admin are told it does not exist, a visitor to log in', async () => {
      const host = await signUp(server.url);
      const stranger = await signUp(server.url);
      const admin = await signUp(server.url);
      await makeAdmin(server, admin.user._id);
      const adminClient = new TestClient(server.url);
      adminClient.accessToken = (await adminClient.post('/api/site/login', { email: admin.email, password: admin.password })).data.user.accessToken;
      const [a, b] = await campaignsOf(host, 2);
      const id = (await host.client.post('/api/stacks', body([a!.id, b!.id]))).data.data._id as string;
      const [before] = await server.app.ctx.db.select().from(stacks).where(eq(stacks.id, id));

      for (const client of [stranger.client, adminClient]) {
        const edit = await client.put(`/api/stacks/${id}`, body([a!.id, b!.id], { title: 'Taken over' }));
        expect(edit.status).toBe(404);
        expect(edit.data.message).toBe(STACK_MESSAGES.notFound);
        expect((await client.delete(`/api/stacks/${id}`)).status).toBe(404);
      }
      expect((await new TestClient(server.url).delete(`/api/stacks/${id}`)).status).toBe(401);
      expect((await new TestClient(server.url).post('/api/stacks', body([a!.id, b!.id]))).status).toBe(401);
      expect((await server.app.ctx.db.select().from(stacks).where(eq(stacks.id, id)))[0]).toEqual(before);
      expect((await new TestClient(server.url).get('/api/stacks/not-a-uuid')).status).toBe(400);
    });
  });

  it('applies two edits sent at once one after the other, never mixing their campaigns', { tags: ['concurrency'] }, async () => {
    const host = await signUp(server.url);
    const ids = (await campaignsOf(host, 4)).map((row) => row.id);
    const id = (await host.client.post('/api/stacks', body(ids.slice(0, 2)))).data.data._id as string;
    const [first, second] = await Promise.all([
      host.client.put(`/api/stacks/${id}`, body([ids[0]!, ids[1]!, ids[2]!], { title: 'First edit' })),
      host.client.put(`/api/stacks/${id}`, body([ids[3]!, ids[2]!], { title: 'Second edit' })),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const stack = (await host.client.get('/api/stacks/mine')).data.data.stacks[0];
    const campaignIds = stack.campaigns.map((row: { _id: string }) => row._id);
    expect([
      ['First edit', [ids[0], ids[1], ids[2]]],
      ['Second edit', [ids[3], ids[2]]],
    ]).toContainEqual([stack.title, campaignIds]);
  });
});
