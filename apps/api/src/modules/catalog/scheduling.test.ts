import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient } from '../../test/client.ts';
import { createCampaign, createOwner } from '../../test/factories.ts';

let server: TestServer;
let client: TestClient;

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.url);
  const owner = await createOwner(server.app);
  await createCampaign(server.app, owner.id, { status: 'approved', name: 'Open Without Start', startDate: null, eventDate: daysFromNow(10) });
  await createCampaign(server.app, owner.id, { status: 'approved', name: 'Started Yesterday', startDate: daysFromNow(-1), eventDate: daysFromNow(10) });
  await createCampaign(server.app, owner.id, {
    status: 'approved',
    name: 'Starts In Ten Days',
    startDate: daysFromNow(10),
    eventDate: daysFromNow(30),
    kind: 'runoff',
  });
  await createCampaign(server.app, owner.id, { status: 'approved', name: 'Starts In Two Days', startDate: daysFromNow(2), eventDate: daysFromNow(20) });
  await createCampaign(server.app, owner.id, { name: 'Pending Future', status: 'pending', startDate: daysFromNow(3) });
});
afterAll(async () => {
  await server.close();
});

const names = (rows: { name: string }[]) => rows.map((row) => row.name);

describe('GET /api/events/allActive?phase=', () => {
  it('lists upcoming campaigns on their own, soonest start first, with their start date', async () => {
    const response = await client.get('/api/events/allActive?phase=upcoming');
    expect(response.status).toBe(200);
    expect(names(response.data)).toEqual(['Starts In Two Days', 'Starts In Ten Days']);
    expect(response.data[0].start_date).toBe(daysFromNow(2));
  });

  it('keeps upcoming campaigns out of the open list', async () => {
    const response = await client.get('/api/events/allActive?phase=open');
    expect(names(response.data).sort()).toEqual(['Open Without Start', 'Started Yesterday']);
    expect(response.data.find((row: { name: string }) => row.name === 'Open Without Start').start_date).toBeNull();
  });

  it('lists both without a phase, filters upcoming by kind, and refuses an unknown phase', async () => {
    expect(names((await client.get('/api/events/allActive')).data)).toHaveLength(4);
    expect(names((await client.get('/api/events/allActive?phase=upcoming&kind=runoff')).data)).toEqual(['Starts In Ten Days']);
    expect((await client.get('/api/events/allActive?phase=later')).status).toBe(400);
  });
});
