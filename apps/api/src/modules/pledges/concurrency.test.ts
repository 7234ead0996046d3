// @module-tag concurrency
import http from 'node:http';
import { eq, inArray } from 'drizzle-orm';
import { PLEDGE_FORM_MESSAGES } from '@pledgeway/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pledges } from '../../db/schema.ts';
import { signUp } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { verifyLedger } from '../ledger/verify.ts';
import { createCampaign } from '../../test/factories.ts';
import { supporterWithCard } from '../../test/money.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  agent.destroy();
  await server.close();
});

const SUPPORTERS = 40;
const CAMPAIGNS = 10;
/** Browsers open a handful of connections per site; 100 sockets keep 100 pledges in flight at once. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });

interface PledgeAnswer {
  message?: string;
  data?: { pledge?: { _id: string } };
}

function postPledge(url: string, token: string, key: string, body: unknown): Promise<{ status: number; data: PledgeAnswer | undefined }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(url, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key, 'content-length': Buffer.byteLength(payload) },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, data: text ? (JSON.parse(text) as PledgeAnswer) : undefined }));
    });
    request.on('error', reject);
    request.end(payload);
  });
}
const PLEDGES_EACH = 25;

describe('1,000 concurrent pledges across 10 campaigns', () => {
  it('keeps every acknowledged pledge exactly once, each total exact and the ledger balanced', { timeout: 240_000 }, async () => {
    const host = await signUp(server.url);
    const campaigns: { id: string }[] = [];
    for (let index = 0; index < CAMPAIGNS; index += 1) campaigns.push(await createCampaign(server.app, host.user._id, { status: 'approved' }));
    const supporters = [];
    for (let index = 0; index < SUPPORTERS; index += 1) supporters.push(await supporterWithCard(server, `Supporter ${index}`));

    // Amounts differ per request so a lost or doubled pledge changes a total; each supporter
    // pledges to every campaign, so campaigns and supporters interleave in flight.
    const requests = supporters.flatMap((supporter, who) =>
      Array.from({ length: PLEDGES_EACH }, (_, nth) => ({
        supporter,
        campaignId: campaigns[(who + nth) % CAMPAIGNS]!.id,
        amountCents: 100 + who * PLEDGES_EACH + nth,
        key: `s${who}-p${nth}`,
      })),
    );
    const answers = await Promise.all(
      requests.map(async ({ supporter, campaignId, amountCents, key }) => {
        const response = await postPledge(`${server.url}/api/events/${campaignId}/pledges`, supporter.client.accessToken!, key, {
          amount: amountCents / 100,
          tip_percent: 0,
          payment_method_id: supporter.cardId,
        });
        return { status: response.status, id: response.data?.data?.pledge?._id as string | undefined, campaignId, amountCents };
      }),
    );

    const acknowledged = answers.filter((answer) => answer.status === 201);
    expect(answers.filter((answer) => answer.status !== 201)).toEqual([]);
    expect(new Set(acknowledged.map((answer) => answer.id)).size).toBe(1_000);

    const ids = campaigns.map((campaign) => campaign.id);
    const rows = await server.app.ctx.db.select().from(pledges).where(inArray(pledges.eventId, ids));
    expect(rows).toHaveLength(1_000);
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set(acknowledged.map((answer) => answer.id)));

    for (const campaignId of ids) {
      const mine = acknowledged.filter((answer) => answer.campaignId === campaignId);
      const expectedCents = mine.reduce((sum, answer) => sum + answer.amountCents, 0);
      const stored = rows.filter((row) => row.eventId === campaignId);
      expect(stored.map((row) => row.id).sort()).toEqual(mine.map((answer) => answer.id).sort());
      expect(stored.reduce((sum, row) => sum + row.amountCents, 0)).toBe(expectedCents);
      const page = (await fetch(`${server.url}/api/events/${campaignId}/supporters`).then((response) => response.json())) as {
        data: { count: number; total: number };
      };
      expect(page.data).toMatchObject({ count: mine.length });
      expect(Math.round(page.data.total * 100)).toBe(expectedCents);
    }

    // npm run ledger:verify's check, on the same database.
    const report = await verifyLedger(server.app.ctx.database.query, server.app.ctx.payments);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('lets a close racing pledges in flight release every pledge that was acknowledged, and refuses the rest', { timeout: 120_000 }, async () => {
    const host = await signUp(server.url);
    const campaign = await createCampaign(server.app, host.user._id, { status: 'approved' });
    const supporters = [];
    for (let index = 0; index < 10; index += 1) supporters.push(await supporterWithCard(server, `Racer ${index}`));
    let firstAnswer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (firstAnswer = resolve));
    const pledging = Promise.all(
      supporters.flatMap((supporter, who) =>
        Array.from({ length: 6 }, async (_, nth) => {
          const response = await postPledge(`${server.url}/api/events/${campaign.id}/pledges`, supporter.client.accessToken!, `race-${who}-${nth}`, {
            amount: 10,
            tip_percent: 0,
            payment_method_id: supporter.cardId,
          });
          firstAnswer();
          return response;
        }),
      ),
    );
    await answered;
    const closed = await host.client.post(`/api/events/${campaign.id}/close`);
    const answers = await pledging;
    expect(closed.status).toBe(200);

    // Every pledge either committed before the close (and was released by it) or was refused after it.
    const rows = await server.app.ctx.db.select().from(pledges).where(eq(pledges.eventId, campaign.id));
    expect(rows.filter((row) => row.status !== 'released')).toEqual([]);
    const acknowledged = answers.filter((answer) => answer.status === 201).map((answer) => answer.data!.data!.pledge!._id);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set(acknowledged));
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => [answer.status, answer.data?.message])).toEqual(refused.map(() => [409, PLEDGE_FORM_MESSAGES.notLive]));
  });
});
