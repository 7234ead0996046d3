import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_EVENTS_MESSAGES } from '@pledgeway/domain';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createCampaign, createPledge } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const query = <T>(text: string, params: unknown[] = []) => server.app.ctx.database.query<T>(text, params);

describe('GET /api/events?userId=', () => {
  it("returns the user's own campaigns in every state, with totals", async () => {
    const { client, user } = await signUp(server.url);
    const { user: other } = await signUp(server.url);
    const pending = await createCampaign(server.app, user._id, { status: 'pending', name: 'Mine pending' });
    const live = await createCampaign(server.app, user._id, { status: 'approved', name: 'Mine live' });
    await createCampaign(server.app, other._id, { status: 'approved' });
    await createPledge(server.app, other._id, live.id, { amountCents: 12_345 });
    const response = await client.get(`/api/events?userId=${user._id}`);
    expect(response.status).toBe(200);
    const names = response.data.data.map((event: { name: string }) => event.name).sort();
    expect(names).toEqual(['Mine live', 'Mine pending']);
    expect(response.data.data.find((event: { _id: string }) => event._id === live.id).payment_amount).toBe(123.45);
    expect(response.data.data.find((event: { _id: string }) => event._id === pending.id).status).toBe('pending');
  });

  it("refuses another user's id with 403 and a bad id with 400", async () => {
    const { client } = await signUp(server.url);
    const { user: other } = await signUp(server.url);
    expect((await client.get(`/api/events?userId=${other._id}`)).status).toBe(403);
    expect((await client.get('/api/events?userId=not-a-uuid')).status).toBe(400);
    expect((await new TestClient(server.url).get(`/api/events?userId=${other._id}`)).status).toBe(401);
  });
});

describe('DELETE /api/events/:id', () => {
  it('deletes a pending campaign of its owner with its participants', async () => {
    const { client, user } = await signUp(server.url);
    const event = await createCampaign(server.app, user._id, { status: 'pending' });
    await query(`insert into participants (event_id, full_name) values ($1, 'Pat Participant')`, [event.id]);
    const response = await client.delete(`/api/events/${event.id}`);
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ success: true, message: MY_EVENTS_MESSAGES.deleted });
    expect(await query('select id from events where id = $1', [event.id])).toEqual([]);
    expect(await query('select id from participants where event_id = $1', [event.id])).toEqual([]);
  });

  it('deletes a rejected campaign, releases its open pledges and keeps the money trail as cancelled', async () => {
    const { client, user } = await signUp(server.url);
    const event = await createCampaign(server.app, user._id, { status: 'rejected' });
    const pledge = await createPledge(server.app, user._id, event.id, { isCreatorPledge: true });
    const response = await client.delete(`/api/events/${event.id}`);
    expect(response.status).toBe(200);
    expect(response.data.releasedPledges).toBe(1);
    expect(await query('select status from pledges where id = $1', [pledge.id])).toEqual([{ status: 'released' }]);
    expect(await query('select status from events where id = $1', [event.id])).toEqual([{ status: 'cancelled' }]);
  });

  it('refuses a campaign after approval with 409 and a clear message', async () => {
    const { client, user } = await signUp(server.url);
    for (const status of ['approved', 'freeze', 'completed', 'close'] as const) {
      const event = await createCampaign(server.app, user._id, { status });
      const response = await client.delete(`/api/events/${event.id}`);
      expect(response.status).toBe(409);
      expect(response.data.message).toBe(MY_EVENTS_MESSAGES.notDeletable);
      expect(await query('select status from events where id = $1', [event.id])).toEqual([{ status }]);
    }
  });

  it("refuses another user's campaign with 403 and an unknown one with 404", async () => {
    const { user: owner } = await signUp(server.url);
    const { client: stranger } = await signUp(server.url);
    const event = await createCampaign(server.app, owner._id, { status: 'pending' });
    expect((await stranger.delete(`/api/events/${event.id}`)).status).toBe(403);
    expect(await query('select id from events where id = $1', [event.id])).toHaveLength(1);
    expect((await stranger.delete('/api/events/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
