import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient } from '../../test/client.ts';
import { createCampaign, createOwner, createPledge } from '../../test/factories.ts';

let server: TestServer;
let client: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.url);
});
afterAll(async () => {
  await server.close();
});

describe('GET /api/hosts/:id', () => {
  it("lists the host's published campaigns, newest first, with each total and the host's totals", async () => {
    const host = await createOwner(server.app);
    const backer = await createOwner(server.app);
    const other = await createOwner(server.app);
    const live = await createCampaign(server.app, host.id, { status: 'approved', name: 'Live Walk' });
    const done = await createCampaign(server.app, host.id, { name: 'Done Drive', status: 'completed' });
    await createCampaign(server.app, host.id, { name: 'Pending Secret', status: 'pending' });
    await createCampaign(server.app, host.id, { name: 'Rejected Secret', status: 'rejected' });
    await createCampaign(server.app, other.id, { status: 'approved', name: 'Someone Else' });
    // The same backer supports both campaigns: counted once in the host's supporters.
    await createPledge(server.app, backer.id, live.id, { amountCents: 2_550 });
    await createPledge(server.app, backer.id, done.id, { amountCents: 10_000, status: 'charged' });
    await createPledge(server.app, other.id, live.id, { amountCents: 1_000 });
    await createPledge(server.app, other.id, live.id, { amountCents: 99_999, status: 'released' });

    const response = await client.get(`/api/hosts/${host.id}`);
    expect(response.status, JSON.stringify(response.data)).toBe(200);
    const { data } = response.data;
    expect(data.host).toEqual({ _id: host.id, name: 'Campaign Owner', image: '' });
    expect(data.host.email).toBeUndefined();
    expect(data.campaigns.map((event: { name: string }) => event.name)).toEqual(['Done Drive', 'Live Walk']);
    expect(data.campaigns.find((event: { name: string }) => event.name === 'Live Walk')).toMatchObject({ payment_amount: 35.5, supporters: 2 });
    expect(data.totals).toEqual({ campaigns: 2, raised: 135.5, supporters: 2 });
  });

  it('has no page for someone who never published a campaign, a disabled account, or an unknown id', async () => {
    const db = server.app.ctx.db;
    const newcomer = await createOwner(server.app);
    await createCampaign(server.app, newcomer.id, { status: 'pending' });
    const missing = await client.get(`/api/hosts/${newcomer.id}`);
    expect(missing.status).toBe(404);
    expect(missing.data.message).toBe('Host not found');

    const disabled = await createOwner(server.app);
    await createCampaign(server.app, disabled.id, { status: 'approved' });
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));
    expect((await client.get(`/api/hosts/${disabled.id}`)).status).toBe(404);
    expect((await client.get('/api/hosts/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await client.get('/api/hosts/not-a-uuid')).status).toBe(400);
  });
});
