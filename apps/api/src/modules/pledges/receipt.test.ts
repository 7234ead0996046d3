import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { PLEDGE_FORM_MESSAGES } from '@pledgeway/domain';
import { signUp } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createCampaign } from '../../test/factories.ts';
import { supporterWithCard } from '../../test/money.ts';

let server: TestServer;
let hostId: string;
beforeAll(async () => {
  server = await startTestServer();
  hostId = (await signUp(server.url, { name: 'Hana Host' })).user._id;
});
// Only this file's spy: restoring every mock would also undo the console.error check (test/test-file-guards.ts).
let preparedSpy: MockInstance | undefined;
afterEach(() => {
  preparedSpy?.mockRestore();
  preparedSpy = undefined;
});
afterAll(async () => server.close());

const body = (cardId: string) => ({ amount: 40, tip_percent: 0, payment_method_id: cardId });

async function rowsOf(eventId: string) {
  const query = server.app.ctx.database.query;
  const pledges = await query<{ id: string; xmin: string }>('select id, xmin::text as xmin from pledges where event_id = $1', [eventId]);
  const receipts = await query<{ text: string; xmin: string }>(
    "select text, xmin::text as xmin from outbox_emails where kind = 'pledge-receipt' and text like $1",
    [`%/events/${eventId}%`],
  );
  return { pledges, receipts };
}

/** Runs `before` ahead of each statement that writes a pledge (the campaign's version check is its first line). */
function beforeEachPledgeWrite(before: () => Promise<unknown>) {
  const { database } = server.app.ctx;
  const prepared = database.prepared.bind(database);
  const writes: string[] = [];
  preparedSpy = vi.spyOn(database, 'prepared').mockImplementation(async (text, params) => {
    if (text.startsWith('with campaign as')) {
      writes.push(text);
      await before();
    }
    return prepared(text, params);
  });
  return writes;
}

describe('a pledge and its receipt', () => {
  it('are written by one transaction', async () => {
    const { client, cardId } = await supporterWithCard(server);
    const campaign = await createCampaign(server.app, hostId, { status: 'approved', name: 'Lake Swim' });
    const response = await client.post(`/api/events/${campaign.id}/pledges`, body(cardId));
    expect(response.status).toBe(201);
    const { pledges, receipts } = await rowsOf(campaign.id);
    expect(pledges).toHaveLength(1);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(`Pledge reference: ${response.data.data.pledge._id}`);
    // The same creating transaction id on both rows.
    expect(receipts[0]!.xmin).toBe(pledges[0]!.xmin);
  });

  it('are both left unwritten when the receipt cannot be stored, and a retry with the same key writes each once', async () => {
    const { client, cardId } = await supporterWithCard(server);
    const campaign = await createCampaign(server.app, hostId, { status: 'approved' });
    const key = randomUUID();
    const send = () => client.request('POST', `/api/events/${campaign.id}/pledges`, { json: body(cardId), headers: { 'idempotency-key': key } });
    const { query } = server.app.ctx.database;
    // A fault after the pledge's insert: the outbox refuses receipts for a moment.
    await query("alter table outbox_emails add constraint refuse_receipts check (kind <> 'pledge-receipt') not valid");
    try {
      const failed = await send();
      expect(failed.status).toBe(500);
      expect(failed.data).toMatchObject({ success: false, code: 'INTERNAL' });
      expect(await rowsOf(campaign.id)).toEqual({ pledges: [], receipts: [] });
    } finally {
      await query('alter table outbox_emails drop constraint refuse_receipts');
    }
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    const { pledges, receipts } = await rowsOf(campaign.id);
    expect(pledges).toHaveLength(1);
    expect(receipts).toHaveLength(1);
  });
});

describe('a campaign changed between the pledge read and its write', () => {
  it('is read again: a campaign closed meanwhile gets no pledge', async () => {
    const { client, cardId } = await supporterWithCard(server);
    const campaign = await createCampaign(server.app, hostId, { status: 'approved' });
    const writes = beforeEachPledgeWrite(() => server.app.ctx.database.query("update events set status = 'close' where id = $1", [campaign.id]));
    const response = await client.post(`/api/events/${campaign.id}/pledges`, body(cardId));
    expect(response.status).toBe(409);
    expect(response.data.message).toBe(PLEDGE_FORM_MESSAGES.notLive);
    expect(writes).toHaveLength(1);
    expect(await rowsOf(campaign.id)).toEqual({ pledges: [], receipts: [] });
  });

  it('is locked from read to write once it kept changing, and the pledge is written once', async () => {
    const { client, cardId } = await supporterWithCard(server);
    const campaign = await createCampaign(server.app, hostId, { status: 'approved' });
    // Every unlocked attempt finds the campaign updated (a new row version) after its read.
    const writes = beforeEachPledgeWrite(() => server.app.ctx.database.query('update events set updated_at = now() where id = $1', [campaign.id]));
    const response = await client.post(`/api/events/${campaign.id}/pledges`, body(cardId));
    expect(response.status).toBe(201);
    expect(writes).toHaveLength(3);
    const { pledges, receipts } = await rowsOf(campaign.id);
    expect(pledges.map((pledge) => pledge.id)).toEqual([response.data.data.pledge._id]);
    expect(receipts).toHaveLength(1);
  });
});
