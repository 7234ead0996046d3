import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEADLINE_MESSAGES } from '@pledgeway/domain';
import { signUp } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { createCampaign } from '../../test/factories.ts';
import { supporterWithCard } from '../../test/money.ts';

/** When pledging opens and closes, by the one injectable clock: the start date, and a deadline kind's deadline. */
let server: TestServer;
let clock: TestClock;
let hostId: string;
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
  clock = createTestClock(new Date('2030-03-10T12:00:00Z'));
  server.app.ctx.clock = clock;
  hostId = (await signUp(server.url, { name: 'Hana Host' })).user._id;
});
afterAll(async () => server.close());

const pledge = { amount: 25, tip_percent: 0, cover_fees: false, anonymous: false, message: '' };

describe('pledging by the clock', () => {
  it('refuses a pledge before the start date with the date, changing nothing, and takes it from 00:00 UTC that day', async () => {
    const supporter = await supporterWithCard(server);
    const campaign = await createCampaign(server.app, hostId, { status: 'approved', approvedAt: clock.now(), startDate: '2030-03-15' });
    const shown = (await supporter.client.get(`/api/events/show/${campaign.id}`)).data;
    expect(shown.start_date).toBe('2030-03-15');

    const early = await supporter.client.post(`/api/events/${campaign.id}/pledges`, { ...pledge, payment_method_id: supporter.cardId });
    expect(early.status).toBe(409);
    expect(early.data.message).toBe('Pledging opens on Mar 15, 2030');
    expect((await supporter.client.get(`/api/events/show/${campaign.id}`)).data.payment_amount).toBe(0);

    clock.set(new Date('2030-03-14T23:59:59Z'));
    expect((await supporter.client.post(`/api/events/${campaign.id}/pledges`, { ...pledge, payment_method_id: supporter.cardId })).status).toBe(409);
    clock.set(new Date('2030-03-15T00:00:00Z'));
    const opened = await supporter.client.post(`/api/events/${campaign.id}/pledges`, { ...pledge, payment_method_id: supporter.cardId });
    expect(opened.status, JSON.stringify(opened.data)).toBe(201);
  });

  it('closes a money bomb at its deadline even before the deadline job has run', async () => {
    const supporter = await supporterWithCard(server);
    const approvedAt = clock.now();
    const campaign = await createCampaign(server.app, hostId, { status: 'approved', kind: 'money_bomb', approvedAt, durationDays: 2 });
    const shown = (await supporter.client.get(`/api/events/show/${campaign.id}`)).data;
    expect(shown.deadline).toBe(new Date(approvedAt.getTime() + 2 * DAY).toISOString());

    clock.advance(2 * DAY - 1000);
    expect((await supporter.client.post(`/api/events/${campaign.id}/pledges`, { ...pledge, payment_method_id: supporter.cardId })).status).toBe(201);
    clock.advance(1000);
    const late = await supporter.client.post(`/api/events/${campaign.id}/pledges`, { ...pledge, amount: 30, payment_method_id: supporter.cardId });
    expect(late.status).toBe(409);
    expect(late.data.message).toBe(DEADLINE_MESSAGES.pledgingClosed);
    expect((await supporter.client.get(`/api/events/show/${campaign.id}`)).data.payment_amount).toBe(25);
  });

  it('gives an event promotion no deadline: it takes pledges past its duration until it is completed', async () => {
    const supporter = await supporterWithCard(server);
    const campaign = await createCampaign(server.app, hostId, { status: 'approved', kind: 'event', approvedAt: clock.now(), durationDays: 1 });
    expect((await supporter.client.get(`/api/events/show/${campaign.id}`)).data.deadline).toBeNull();
    clock.advance(3 * DAY);
    expect((await supporter.client.post(`/api/events/${campaign.id}/pledges`, { ...pledge, payment_method_id: supporter.cardId })).status).toBe(201);
  });
});
