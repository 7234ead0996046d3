import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createCampaign, createPledge } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('GET /api/events/pledges', () => {
  it("lists only the signed-in user's pledges, with their campaign and stats", async () => {
    const { client, user } = await signUp(server.url);
    const { user: other } = await signUp(server.url);
    const { user: host } = await signUp(server.url);
    const tagged = await createCampaign(server.app, host._id, {
      status: 'approved',
      categories: ['Sports', 'Health'],
      targetCents: 50_000,
      hostFullName: 'Hana Host',
    });
    const untagged = await createCampaign(server.app, host._id, { status: 'approved', categories: [], hostFullName: '' });
    await createPledge(server.app, user._id, tagged.id, { amountCents: 2_550, tipCents: 510 });
    await createPledge(server.app, user._id, tagged.id, { amountCents: 1_000, status: 'charged' });
    await createPledge(server.app, user._id, untagged.id, { amountCents: 4_000, status: 'released' });
    await createPledge(server.app, other._id, tagged.id, { amountCents: 9_999 });

    const response = await client.get('/api/events/pledges');
    expect(response.status).toBe(200);
    expect(response.data.success).toBe(true);
    const { pledges, stats } = response.data.data;
    expect(pledges).toHaveLength(3);
    expect(stats).toEqual({ totalPledged: 35.5, totalEvents: 1, pendingPledges: 1, deductedPledges: 1 });
    const first = pledges.find((pledge: { amount: number }) => pledge.amount === 25.5);
    expect(first).toMatchObject({
      tip: 5.1,
      status: 'pending',
      event: { _id: tagged.id, categories: ['Sports', 'Health'], target_amount: 500, payment_amount: 135.49, host: { full_name: 'Hana Host' } },
    });
    const released = pledges.find((pledge: { status: string }) => pledge.status === 'released');
    expect(released.event.categories).toEqual(['Charity']);
  });

  it('shows an empty list and zero stats to a user without pledges', async () => {
    const { client } = await signUp(server.url);
    const response = await client.get('/api/events/pledges');
    expect(response.data.data).toEqual({ pledges: [], stats: { totalPledged: 0, totalEvents: 0, pendingPledges: 0, deductedPledges: 0 } });
  });

  it('needs a signed-in user', async () => {
    expect((await new TestClient(server.url).get('/api/events/pledges')).status).toBe(401);
  });
});
