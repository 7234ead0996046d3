import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pledges } from '../../db/schema.ts';
import { signUp, type TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestClock } from '../../lib/clock.ts';
import { readLiveTotals } from '../pledges/supporters-service.ts';
import { expectBooksBalanced, fundedCampaign, liveRunoff, supporterWithCard } from '../../test/money.ts';
import { adminClient, daysFromNow, firstCharityId, verifiedCreator } from '../../test/factories.ts';
import { createPayload, guest } from '../../test/campaign-form.ts';

/** A new supporter pledges `dollars` to one option through POST /api/events/{id}/pledges. */
async function pledgeTo(server: TestServer, eventId: string, participantId: string, dollars: number): Promise<string> {
  const supporter = await supporterWithCard(server);
  const response = await supporter.client.post(`/api/events/${eventId}/pledges`, {
    amount: dollars,
    tip_percent: 0,
    payment_method_id: supporter.cardId,
    participant_id: participantId,
  });
  expect(response.status, JSON.stringify(response.data)).toBe(201);
  return response.data.data.pledge._id as string;
}

async function pledgeStatuses(server: TestServer, eventId: string): Promise<Record<string, string[]>> {
  const rows = await server.app.ctx.db.select().from(pledges).where(eq(pledges.eventId, eventId));
  const byOption: Record<string, string[]> = {};
  for (const row of rows) {
    if (!row.participantId) continue;
    (byOption[row.participantId] ??= []).push(row.status);
  }
  return byOption;
}

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
});
afterAll(async () => server.close());

async function chargeRun(eventId: string) {
  const started = await admin.post(`/api/admin/events/${eventId}/charge`);
  expect(started.status, JSON.stringify(started.data)).toBe(201);
  await server.app.ctx.jobs.drain();
  return (await admin.get(`/api/admin/charge-runs/${started.data.data._id}`)).data.data;
}

const resultOf = async (client: TestClient, eventId: string) => (await client.get(`/api/events/show/${eventId}`)).data;

describe('runoff placement charging', () => {
  it('donor total: ranks by supporters, charges the chosen top 2 with the tie across the boundary, releases the rest', async () => {
    const { creator, event, optionId } = await liveRunoff(server, admin, {
      winBy: 'donor_total',
      fixedAmountCents: 1_000,
      chargeablePlaces: 2,
      options: ['Ash', 'Birch', 'Cedar', 'Douglas'],
    });
    for (const [name, count] of [
      ['Ash', 3],
      ['Birch', 2],
      ['Cedar', 2],
      ['Douglas', 1],
    ] as const) {
      for (let i = 0; i < count; i += 1) await pledgeTo(server, event.id, optionId[name]!, 10);
    }
    const url = `/api/events/${event.id}/runoff/placements`;
    const early = await creator.client.post(url, { charge: 'winner' });
    expect(early.status).toBe(409);
    expect(early.data.message).toBe('Mark the runoff complete before choosing which placements are charged');
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);

    const unchosen = await admin.post(`/api/admin/events/${event.id}/charge`);
    expect(unchosen.status).toBe(409);
    expect(unchosen.data.message).toBe('The creator has not yet chosen which placements of this runoff are charged');
    const stranger = await signUp(server.url);
    expect((await stranger.client.post(url, { charge: 'winner' })).status).toBe(403);
    const beyondRules = await creator.client.post(url, { charge: 'all' });
    expect(beyondRules.status).toBe(400);
    expect(beyondRules.data.fields.places).toBe('The rules shown to supporters allow charging placements down to 2nd only');
    const noCount = await creator.client.post(url, { charge: 'top' });
    expect(noCount.status).toBe(400);
    expect(noCount.data.fields.places).toBe('Choose how many placements are charged (2 to 7)');

    const chosen = await creator.client.post(url, { charge: 'top', places: 2 });
    expect(chosen.status, JSON.stringify(chosen.data)).toBe(200);
    expect(chosen.data.message).toBe('The top 2 placements will be charged; pledges to the other options will be released when the charge runs.');

    const run = await chargeRun(event.id);
    // The funding, Ash's 3, Birch's 2 and Cedar's 2 charged (Birch and Cedar share 2nd); Douglas's 1 released.
    expect(run).toMatchObject({ status: 'finished', outcome: 'charge', total: 9, charged: 8, released: 1 });
    const statuses = await pledgeStatuses(server, event.id);
    expect(statuses[optionId.Ash!]).toEqual(['charged', 'charged', 'charged']);
    expect(statuses[optionId.Birch!]).toEqual(['charged', 'charged']);
    expect(statuses[optionId.Cedar!]).toEqual(['charged', 'charged']);
    expect(statuses[optionId.Douglas!]).toEqual(['released']);

    const detail = await resultOf(creator.client, event.id);
    expect(detail.runoff_charged_places).toBe(2);
    expect(
      detail.runoff_result.map((row: { participant_id: string; place: number; raised: number; charged: boolean }) => [
        row.participant_id,
        row.place,
        row.raised,
        row.charged,
      ]),
    ).toEqual([
      [optionId.Ash, 1, 30, true],
      [optionId.Birch, 2, 20, true],
      [optionId.Cedar, 2, 20, true],
      [optionId.Douglas, 4, 10, false],
    ]);
    expect(detail.runoff_result[1].tie_note).toBe('Tied on 2 supporters and $20.00 raised: shares 2nd place');

    const again = await creator.client.post(url, { charge: 'winner' });
    expect(again.status).toBe(409);
    expect(again.data.message).toBe('The charge has started: the charged placements can no longer change');
    await expectBooksBalanced(server);
  });

  it('donation total: ranks by the sum, breaks a tie on it by supporters, and charges only the winner', async () => {
    const { creator, event, optionId } = await liveRunoff(server, admin, { winBy: 'donation_total', options: ['Xenia', 'Yusuf', 'Zoe'] });
    await pledgeTo(server, event.id, optionId.Xenia!, 50);
    await pledgeTo(server, event.id, optionId.Yusuf!, 30);
    await pledgeTo(server, event.id, optionId.Yusuf!, 20);
    await pledgeTo(server, event.id, optionId.Zoe!, 75);
    await pledgeTo(server, event.id, optionId.Xenia!, 25);
    // What every open page of the campaign is sent: each option's counted sum and supporters.
    const live = await readLiveTotals(server.app.ctx, event.id);
    expect(new Set(live.options)).toEqual(
      new Set([
        { participant_id: optionId.Xenia, raised: 75, supporters: 2 },
        { participant_id: optionId.Yusuf, raised: 50, supporters: 2 },
        { participant_id: optionId.Zoe, raised: 75, supporters: 1 },
      ]),
    );
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    expect((await creator.client.post(`/api/events/${event.id}/runoff/placements`, { charge: 'winner' })).status).toBe(200);

    const run = await chargeRun(event.id);
    expect(run).toMatchObject({ status: 'finished', charged: 3, released: 3 });
    const statuses = await pledgeStatuses(server, event.id);
    expect(statuses[optionId.Xenia!]).toEqual(['charged', 'charged']);
    expect(statuses[optionId.Zoe!]).toEqual(['released']);
    expect(statuses[optionId.Yusuf!]).toEqual(['released', 'released']);

    const detail = await resultOf(creator.client, event.id);
    // Xenia $75 (2), Zoe $75 (1): equal sums, placed by supporters; Yusuf $50.
    expect(
      detail.runoff_result.map((row: { participant_id: string; place: number; raised: number; charged: boolean }) => [
        row.participant_id,
        row.place,
        row.raised,
        row.charged,
      ]),
    ).toEqual([
      [optionId.Xenia, 1, 75, true],
      [optionId.Zoe, 2, 75, false],
      [optionId.Yusuf, 3, 50, false],
    ]);
    expect(detail.runoff_result[0].tie_note).toBe('Tied on $75.00 raised: placed by number of supporters (2 supporters)');
    // The live totals count valid pledges only; the kept result still shows what each option raised.
    expect(detail.payment_amount).toBeLessThan(200);
    await expectBooksBalanced(server);
  });

  it('a shared first place is "the winner": charging only the winner charges both', async () => {
    const { creator, event, optionId } = await liveRunoff(server, admin, { winBy: 'donation_total', chargeablePlaces: 1, options: ['North', 'South', 'East'] });
    await pledgeTo(server, event.id, optionId.North!, 40);
    await pledgeTo(server, event.id, optionId.South!, 40);
    await pledgeTo(server, event.id, optionId.East!, 10);
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    const beyond = await creator.client.post(`/api/events/${event.id}/runoff/placements`, { charge: 'top', places: 2 });
    expect(beyond.data.fields.places).toBe('The rules shown to supporters allow charging placements down to 1st only');
    expect((await creator.client.post(`/api/events/${event.id}/runoff/placements`, { charge: 'winner' })).status).toBe(200);
    await chargeRun(event.id);
    const statuses = await pledgeStatuses(server, event.id);
    expect([statuses[optionId.North!], statuses[optionId.South!], statuses[optionId.East!]]).toEqual([['charged'], ['charged'], ['released']]);
    await expectBooksBalanced(server);
  });

  it('has no placements to choose on another kind of campaign', async () => {
    const creator = await signUp(server.url);
    const event = await fundedCampaign(server, creator);
    const response = await creator.client.post(`/api/events/${event.id}/runoff/placements`, { charge: 'all' });
    expect(response.status).toBe(409);
    expect(response.data.message).toBe('Only a runoff competition has placements to charge');
  });
});

describe('editing the rules of a runoff', () => {
  const edit = (client: TestClient, id: string, fields: Record<string, string>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return client.request('PUT', `/api/events/${id}`, { form: body });
  };

  it('changes them until a supporter pledges, with clear messages, then refuses', async () => {
    const { creator, event, optionId } = await liveRunoff(server, admin, { winBy: 'donation_total', options: ['Ash', 'Birch'] });
    const noAmount = await edit(creator.client, event.id, { runoff_win_by: 'donor_total' });
    expect(noAmount.status).toBe(400);
    expect(noAmount.data.fields.runoff_fixed_amount).toBe('Fixed donation amount must be between $1 and $50,000');
    const changed = await edit(creator.client, event.id, { runoff_win_by: 'donor_total', runoff_fixed_amount: '15', runoff_chargeable_places: '1' });
    expect(changed.status, JSON.stringify(changed.data)).toBe(200);
    expect(changed.data.event).toMatchObject({ runoff_win_by: 'donor_total', runoff_fixed_amount: 15, runoff_chargeable_places: 1 });

    await pledgeTo(server, event.id, optionId.Ash!, 15);
    const locked = await edit(creator.client, event.id, { runoff_chargeable_places: 'all' });
    expect(locked.status).toBe(409);
    expect(locked.data.message).toBe('The rules of a runoff cannot change once supporters have pledged');
    // Other fields still save while the rules stay as they are.
    expect((await edit(creator.client, event.id, { name: 'Tree of the Year' })).status).toBe(200);
    expect((await resultOf(creator.client, event.id)).runoff_chargeable_places).toBe(1);
  });
});

describe('the 7-day rule of a scheduled runoff', () => {
  it('is checked against the app clock on the server, with its message', async () => {
    const creator = await verifiedCreator(server, 'Sky Scheduler');
    const charityId = await firstCharityId(server);
    const runoff = { kind: 'runoff', runoffWinBy: 'donation_total', guestData: [guest('Pat Lee'), guest('Sam Ortiz')], startDate: daysFromNow(8) };
    const realClock = server.app.ctx.clock;
    server.app.ctx.clock = createTestClock(new Date(Date.now() + 5 * 86_400_000));
    try {
      const refused = await creator.client.post('/api/events/create', await createPayload(charityId, creator.email, runoff));
      expect(refused.status).toBe(400);
      expect(refused.data.fields.startDate).toBe('Runoff competitions must start at least 7 days ahead');
    } finally {
      server.app.ctx.clock = realClock;
    }
    // Options are places or things too: a name, a description and an image; no e-mail or occupation.
    const place = { fullName: 'Riverside Park', aboutParticipant: 'The old bandstand by the water.', profileImage: '' };
    const unnamed = await creator.client.post(
      '/api/events/create',
      await createPayload(charityId, creator.email, { ...runoff, guestData: [place, { ...place, fullName: '' }] }),
    );
    expect(unnamed.data.fields['guestData.1.fullName']).toBe('Option name is required');
    const accepted = await creator.client.post(
      '/api/events/create',
      await createPayload(charityId, creator.email, { ...runoff, runoffChargeablePlaces: 3, guestData: [place, { ...place, fullName: 'Town Square' }] }),
    );
    expect(accepted.status, JSON.stringify(accepted.data)).toBe(201);
    const detail = await resultOf(creator.client, accepted.data.event.id);
    expect(detail.runoff_chargeable_places).toBe(3);
  });
});
