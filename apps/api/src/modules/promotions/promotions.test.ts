import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMOTION_MESSAGES } from '@pledgeway/domain';
import { events, outboxEmails, pledges } from '../../db/schema.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { promotionPledges, promotions } from './tables.ts';
import { createCampaign, makeAdmin } from '../../test/factories.ts';
import { saveCard, supporterWithCard } from '../../test/money.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

type Person = Awaited<ReturnType<typeof signUp>>;

async function liveCampaignOf(host: Person, values: Parameters<typeof createCampaign>[2] = {}) {
  return createCampaign(server.app, host.user._id, { status: 'approved', name: 'Lake Swim', ...values });
}

async function ask(client: TestClient, eventId: string, note = '') {
  return client.post(`/api/events/${eventId}/promotions`, { note });
}

async function mailsOf(email: string, kind: string) {
  return server.app.ctx.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, email.toLowerCase()), eq(outboxEmails.kind, kind)));
}

async function pledgeThrough(supporter: { client: TestClient; cardId: string }, eventId: string, amount: number, via: unknown) {
  const response = await supporter.client.post(`/api/events/${eventId}/pledges`, { amount, tip_percent: 0, payment_method_id: supporter.cardId, via });
  expect(response.status, JSON.stringify(response.data)).toBe(201);
  return response.data.data.pledge._id as string;
}

async function shown(eventId: string, client = new TestClient(server.url)) {
  const response = await client.get(`/api/events/${eventId}/promotions`);
  expect(response.status).toBe(200);
  return response.data.data.promotions as Array<{ _id: string; promoter: { name: string }; status: string; pledges: number; raised: number }>;
}

async function adminOf(): Promise<TestClient> {
  const signed = await signUp(server.url, { name: 'Ada Admin' });
  await makeAdmin(server, signed.user._id);
  const admin = new TestClient(server.url);
  admin.accessToken = (await admin.post('/api/site/login', { email: signed.email, password: signed.password })).data.user.accessToken;
  return admin;
}

describe('Third-Party Promotion', () => {
  it('asks, is accepted, credits the counted pledges made through the link, and keeps the credit after the host ends it', async () => {
    const host = await signUp(server.url, { name: 'Hana Host' });
    const promoter = await signUp(server.url, { name: 'Pia Promoter' });
    const campaign = await liveCampaignOf(host);
    const other = await liveCampaignOf(host, { name: 'Other Walk' });

    const asked = await ask(promoter.client, campaign.id, 'My running club would love this.');
    expect(asked.status).toBe(201);
    expect(asked.data).toMatchObject({ success: true, message: PROMOTION_MESSAGES.requested, data: { status: 'pending', path: null, pledges: 0 } });
    const promotionId = asked.data.data._id as string;
    expect((await mailsOf(host.email, 'promotion-requested'))[0]?.text).toContain('My running club would love this.');
    // Consent first: nothing is public before the host accepts.
    expect(await shown(campaign.id)).toEqual([]);
    expect((await new TestClient(server.url).get(`/api/hosts/${promoter.user._id}`)).status).toBe(404);
    const managed = await host.client.get(`/api/events/${campaign.id}/promotions/manage`);
    expect(managed.data.data.promotions).toMatchObject([
      { _id: promotionId, status: 'pending', note: 'My running club would love this.', promoter: { name: 'Pia Promoter' } },
    ]);

    const accepted = await host.client.post(`/api/promotions/${promotionId}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.data.message).toBe('Pia Promoter can now share their promotion link');
    const path = `/events/${campaign.id}?via=${promotionId}`;
    expect((await promoter.client.get(`/api/events/${campaign.id}/promotions/mine`)).data.data).toMatchObject({
      promotion: { status: 'accepted', path },
      is_host: false,
    });
    expect((await host.client.get(`/api/events/${campaign.id}/promotions/mine`)).data.data).toEqual({ promotion: null, is_host: true });
    expect((await mailsOf(promoter.email, 'promotion-accepted'))[0]?.text).toContain(`${server.config.publicUrl}${path}`);

    const fan = await supporterWithCard(server, 'Fan One');
    const counted = await pledgeThrough(fan, campaign.id, 40, promotionId);
    const released = await pledgeThrough(fan, campaign.id, 15, promotionId);
    await server.app.ctx.db.update(pledges).set({ status: 'released' }).where(eq(pledges.id, released));
    // Ignored, and the pledge is still made: the promoter's own pledge, a link of another campaign, nonsense.
    const selfPledge = await pledgeThrough({ client: promoter.client, cardId: await saveCard(promoter.client) }, campaign.id, 5, promotionId);
    const wrongCampaign = await pledgeThrough(fan, other.id, 7, promotionId);
    const nonsense = await pledgeThrough(fan, campaign.id, 9, 'not-a-promotion');
    const tooLong = await pledgeThrough(fan, campaign.id, 11, 'x'.repeat(500));
    const credited = await server.app.ctx.db.select().from(promotionPledges).where(eq(promotionPledges.promotionId, promotionId));
    expect(credited.map((row) => row.pledgeId).sort()).toEqual([counted, released].sort());
    for (const id of [selfPledge, wrongCampaign, nonsense, tooLong]) expect(credited.some((row) => row.pledgeId === id)).toBe(false);

    // Counted pledges only, as the campaign's totals count them.
    expect(await shown(campaign.id)).toEqual([
      { _id: promotionId, promoter: { _id: promoter.user._id, name: 'Pia Promoter', image: expect.any(String) }, status: 'accepted', pledges: 1, raised: 40 },
    ]);
    const hostPage = await new TestClient(server.url).get(`/api/hosts/${promoter.user._id}`);
    expect(hostPage.status).toBe(200);
    expect(hostPage.data.data.campaigns).toEqual([]);
    expect(hostPage.data.data.promotions).toMatchObject([
      { _id: promotionId, status: 'accepted', pledges: 1, raised: 40, event: { _id: campaign.id, name: 'Lake Swim' } },
    ]);

    const ended = await host.client.post(`/api/promotions/${promotionId}/end`);
    expect(ended.status).toBe(200);
    expect(ended.data.message).toBe(PROMOTION_MESSAGES.endedDone);
    const afterEnd = await pledgeThrough(fan, campaign.id, 20, promotionId);
    expect(await shown(campaign.id)).toMatchObject([{ status: 'ended', pledges: 1, raised: 40 }]);
    expect((await server.app.ctx.db.select().from(promotionPledges).where(eq(promotionPledges.pledgeId, afterEnd))).length).toBe(0);
    expect((await promoter.client.get(`/api/events/${campaign.id}/promotions/mine`)).data.data.promotion).toMatchObject({ status: 'ended', path: null });
    expect((await mailsOf(promoter.email, 'promotion-ended')).length).toBe(1);
  });

  describe('asking', () => {
    it.each([
      ['their own campaign', 'own', 409, PROMOTION_MESSAGES.ownCampaign],
      ['a completed campaign', 'completed', 409, PROMOTION_MESSAGES.notLive],
      ['a frozen campaign', 'freeze', 409, PROMOTION_MESSAGES.notLive],
      ["another host's unpublished campaign", 'pending', 404, 'Event not found'],
    ] as const)('refuses %s and saves nothing', async (_label, setup, status, message) => {
      const host = await signUp(server.url);
      const asker = setup === 'own' ? host : await signUp(server.url);
      const campaign = await liveCampaignOf(host, setup === 'own' ? {} : { status: setup });
      const response = await ask(asker.client, campaign.id);
      expect(response.status).toBe(status);
      expect(response.data.message).toBe(message);
      expect(await server.app.ctx.db.select().from(promotions).where(eq(promotions.eventId, campaign.id))).toEqual([]);
    });

    it('refuses a second request whatever the answer to the first, a note over 280 characters, and a visitor', async () => {
      const host = await signUp(server.url);
      const asker = await signUp(server.url);
      const campaign = await liveCampaignOf(host);
      expect((await ask(asker.client, campaign.id, 'x'.repeat(281))).data).toMatchObject({
        message: PROMOTION_MESSAGES.noteTooLong,
        fields: { note: PROMOTION_MESSAGES.noteTooLong },
      });
      expect((await ask(new TestClient(server.url), campaign.id)).status).toBe(401);
      const first = await ask(asker.client, campaign.id);
      expect(first.status).toBe(201);
      const again = await ask(asker.client, campaign.id);
      expect(again.status).toBe(409);
      expect(again.data.message).toBe(PROMOTION_MESSAGES.alreadyPending);
      await host.client.post(`/api/promotions/${first.data.data._id}/decline`);
      expect((await ask(asker.client, campaign.id)).data.message).toBe(PROMOTION_MESSAGES.declined);
      expect((await mailsOf(asker.email, 'promotion-declined')).length).toBe(1);
      expect(await server.app.ctx.db.select().from(promotions).where(eq(promotions.eventId, campaign.id))).toHaveLength(1);
    });

    it('keeps one request when the same person sends two at once', { tags: ['concurrency'] }, async () => {
      const host = await signUp(server.url);
      const asker = await signUp(server.url);
      const campaign = await liveCampaignOf(host);
      const answers = await Promise.all([ask(asker.client, campaign.id), ask(asker.client, campaign.id), ask(asker.client, campaign.id)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
      expect(await server.app.ctx.db.select().from(promotions).where(eq(promotions.eventId, campaign.id))).toHaveLength(1);
    });
  });

  describe("the host's answers", () => {
    it("are the host's or an admin's alone, each from the right state", async () => {
      const host = await signUp(server.url);
      const asker = await signUp(server.url);
      const stranger = await signUp(server.url);
      const campaign = await liveCampaignOf(host);
      const id = (await ask(asker.client, campaign.id)).data.data._id as string;

      expect((await stranger.client.post(`/api/promotions/${id}/accept`)).status).toBe(403);
      expect((await asker.client.post(`/api/promotions/${id}/accept`)).status).toBe(403);
      expect((await stranger.client.get(`/api/events/${campaign.id}/promotions/manage`)).status).toBe(403);
      expect((await new TestClient(server.url).post(`/api/promotions/${id}/accept`)).status).toBe(401);
      expect((await host.client.post('/api/promotions/00000000-0000-4000-8000-000000000000/accept')).status).toBe(404);
      const early = await host.client.post(`/api/promotions/${id}/end`);
      expect(early.status).toBe(409);
      expect(early.data.message).toBe(PROMOTION_MESSAGES.notActive);
      const [row] = await server.app.ctx.db.select().from(promotions).where(eq(promotions.id, id));
      expect(row!.status).toBe('pending');

      const admin = await adminOf();
      expect((await admin.post(`/api/promotions/${id}/accept`)).status).toBe(200);
      const twice = await host.client.post(`/api/promotions/${id}/decline`);
      expect(twice.status).toBe(409);
      expect(twice.data.message).toBe(PROMOTION_MESSAGES.notPending);
    });

    it('accepts a request only while the campaign is live', async () => {
      const host = await signUp(server.url);
      const asker = await signUp(server.url);
      const campaign = await liveCampaignOf(host);
      const id = (await ask(asker.client, campaign.id)).data.data._id as string;
      await server.app.ctx.db.update(events).set({ status: 'completed' }).where(eq(events.id, campaign.id));
      const response = await host.client.post(`/api/promotions/${id}/accept`);
      expect(response.status).toBe(409);
      expect(response.data.message).toBe(PROMOTION_MESSAGES.notLive);
      expect((await host.client.post(`/api/promotions/${id}/decline`)).status).toBe(200);
    });

    it('takes exactly one of an accept and a decline sent at once', { tags: ['concurrency'] }, async () => {
      const host = await signUp(server.url);
      const asker = await signUp(server.url);
      const campaign = await liveCampaignOf(host);
      const id = (await ask(asker.client, campaign.id)).data.data._id as string;
      const [accept, decline] = await Promise.all([host.client.post(`/api/promotions/${id}/accept`), host.client.post(`/api/promotions/${id}/decline`)]);
      expect([accept.status, decline.status].sort()).toEqual([200, 409]);
      const [row] = await server.app.ctx.db.select().from(promotions).where(eq(promotions.id, id));
      expect(row!.status).toBe(accept.status === 200 ? 'accepted' : 'declined');
      expect((await mailsOf(asker.email, 'promotion-accepted')).length + (await mailsOf(asker.email, 'promotion-declined')).length).toBe(1);
    });
  });

  it("shows a campaign's promotions only where the campaign itself is visible", async () => {
    const host = await signUp(server.url);
    const campaign = await liveCampaignOf(host, { status: 'pending' });
    expect((await new TestClient(server.url).get(`/api/events/${campaign.id}/promotions`)).status).toBe(404);
    expect((await host.client.get(`/api/events/${campaign.id}/promotions`)).status).toBe(200);
    expect((await new TestClient(server.url).get('/api/events/not-a-uuid/promotions')).status).toBe(400);
  });
});
