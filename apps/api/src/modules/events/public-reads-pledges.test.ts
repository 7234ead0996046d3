import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import type { CachedEvent } from '../../lib/public-read-types.ts';
import { createPublicReads } from './public-read-cache.ts';
import { createCampaign } from '../../test/factories.ts';
import { supporterWithCard } from '../../test/money.ts';

// Decision 125: a pledge marks the public reads stale instead of clearing them. Its writer is
// answered what was read after it; everyone else may be answered the kept read, up to 1 s old.

let server: TestServer;
let host: { _id: string };
beforeAll(async () => {
  server = await startTestServer();
  host = (await signUp(server.url, { name: 'Hana Host' })).user;
});
afterAll(async () => server.close());

const pledgeBody = (cardId: string) => ({ amount: 25, tip_percent: 0, cover_fees: false, anonymous: false, message: '', payment_method_id: cardId });
const totalOf = async (cached: Promise<CachedEvent | null>) => JSON.parse((await cached)!.body.raw.toString('utf8')).pledges.total as number;

/** Public reads on a fake clock that read a campaign before one pledge of $25 and were told of the pledge. */
async function readBeforeAPledge(name: string) {
  const clock = { now: 1_000_000 };
  const reads = createPublicReads(server.app.ctx.db, () => clock.now);
  const supporter = await supporterWithCard(server);
  const campaign = await createCampaign(server.app, host._id, { status: 'approved', name });
  expect(await totalOf(reads.event(campaign.id))).toBe(0);
  expect((await supporter.client.post(`/api/events/${campaign.id}/pledges`, pledgeBody(supporter.cardId))).status).toBe(201);
  reads.markStale(supporter.user._id);
  return { clock, reads, campaignId: campaign.id, writerId: supporter.user._id };
}

describe('public reads after a pledge (decision 125)', () => {
  it('answers the writer the new total at once, others the kept read until it is a second old', async () => {
    const { reads, campaignId, writerId } = await readBeforeAPledge('Money Bomb Night');
    // The kept read is younger than a quarter second: answered as it is, nothing read again.
    expect(await totalOf(reads.event(campaignId))).toBe(0);
    expect(await totalOf(reads.event(campaignId, 'someone-else'))).toBe(0);
    expect(await totalOf(reads.event(campaignId, writerId))).toBe(25);
    // The writer's read is newer than what was kept, so it is what everyone is answered now.
    expect(await totalOf(reads.event(campaignId))).toBe(25);
  });

  it('never answers anyone a read older than a second', async () => {
    const { clock, reads, campaignId } = await readBeforeAPledge('Late Night Bomb');
    clock.now += 1000;
    expect(await totalOf(reads.event(campaignId))).toBe(25);
  });

  it('over HTTP: the supporter who pledged reads the new total at once, a visitor within a second', async () => {
    const supporter = await supporterWithCard(server);
    const campaign = await createCampaign(server.app, host._id, { status: 'approved', name: 'Open Doors Bomb' });
    const visitor = new TestClient(server.url);
    expect((await visitor.get(`/api/events/show/${campaign.id}`)).data.pledges.total).toBe(0);

    expect((await supporter.client.post(`/api/events/${campaign.id}/pledges`, pledgeBody(supporter.cardId))).status).toBe(201);
    expect((await supporter.client.get(`/api/events/show/${campaign.id}`)).data.pledges.total).toBe(25);
    await expect.poll(async () => (await visitor.get(`/api/events/show/${campaign.id}`)).data.pledges.total, { timeout: 1500, interval: 100 }).toBe(25);
  });
});
