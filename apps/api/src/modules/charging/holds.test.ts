import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_HOLD_MESSAGES } from '@pledgeway/domain';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { chargeAtDeadline, DEADLINE_CHARGES_QUEUE } from './deadline.ts';
import { adminClient, mailsTo, type Person, pledgeRow } from '../../test/factories.ts';
import { expectBooksBalanced, liveCampaign, pledgeFrom } from '../../test/money.ts';

let server: TestServer;
let admin: TestClient;
let clock: TestClock;
const DAY = 24 * 3_600_000;

beforeAll(async () => {
  server = await startTestServer();
  clock = createTestClock();
  server.app.ctx.clock = clock;
  admin = await adminClient(server);
});
afterAll(async () => server.close());

async function crowdfunding(creator: Person, kind: 'crowdfunding' | 'money_bomb' = 'crowdfunding') {
  return liveCampaign(server, creator, admin, { values: { kind, durationDays: 3 } });
}

async function tick() {
  await server.app.ctx.jobs.runScheduled(DEADLINE_CHARGES_QUEUE);
  await server.app.ctx.jobs.drain();
}

describe('crowdfunding at its deadline', () => {
  it('is charged like a money bomb when no admin holds it', async () => {
    const creator = await signUp(server.url);
    const event = await crowdfunding(creator);
    const { pledge } = await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 2_000 });
    clock.advance(3 * DAY);
    await tick();
    expect((await creator.client.get(`/api/events/${event.id}/charge-run`)).data.data).toMatchObject({ trigger: 'deadline', status: 'finished', charged: 2 });
    expect((await pledgeRow(server, pledge.id)).status).toBe('charged');
    await expectBooksBalanced(server);
  });

  it('held by an admin: the deadline closes pledging and creates a held run that charges nothing until the hold is lifted', async () => {
    const creator = await signUp(server.url);
    const event = await crowdfunding(creator);
    const { pledge } = await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 2_000 });

    expect((await creator.client.post(`/api/admin/events/${event.id}/charge-hold`, { reason: 'Check the charity' })).status).toBe(403);
    const held = await admin.post(`/api/admin/events/${event.id}/charge-hold`, { reason: 'Check the charity' });
    expect(held.status, JSON.stringify(held.data)).toBe(200);
    expect(held.data).toMatchObject({ message: CHARGE_HOLD_MESSAGES.held, data: { reason: 'Check the charity', charge_run_id: null } });
    // Holding twice keeps the one hold.
    expect((await admin.post(`/api/admin/events/${event.id}/charge-hold`, {})).data.data.reason).toBe('Check the charity');

    clock.advance(3 * DAY);
    await tick();
    expect((await creator.client.get(`/api/events/show/${event.id}`)).data.status).toBe('completed');
    const run = (await creator.client.get(`/api/events/${event.id}/charge-run`)).data.data;
    expect(run).toMatchObject({ trigger: 'deadline', status: 'held', charged: 0 });
    expect((await pledgeRow(server, pledge.id)).status).toBe('pending');
    expect((await mailsTo(server, creator.email)).find((mail) => mail.kind === 'campaign-deadline')?.text).toContain('An admin is reviewing it');
    const queue = (await admin.get('/api/admin/charging')).data.data.waiting;
    expect(queue.find((row: { _id: string }) => row._id === event.id)).toMatchObject({ charge_run_id: run._id, charge_run_status: 'held', held: true });
    // The admin's charge button on a held run answers with the run and charges nothing.
    expect((await admin.post(`/api/admin/events/${event.id}/charge`)).data.data).toMatchObject({ _id: run._id, status: 'held' });
    await tick();
    expect((await pledgeRow(server, pledge.id)).status).toBe('pending');
    expect((await admin.get(`/api/admin/events/${event.id}/charge-hold`)).data.data).toMatchObject({ charge_run_id: run._id });

    const lifted = await admin.delete(`/api/admin/events/${event.id}/charge-hold`);
    expect(lifted.status, JSON.stringify(lifted.data)).toBe(200);
    expect(lifted.data.message).toBe(CHARGE_HOLD_MESSAGES.releasedAndStarted);
    await server.app.ctx.jobs.drain();
    expect((await creator.client.get(`/api/events/${event.id}/charge-run`)).data.data).toMatchObject({ _id: run._id, status: 'finished', charged: 2 });
    expect((await pledgeRow(server, pledge.id)).status).toBe('charged');
    expect((await admin.delete(`/api/admin/events/${event.id}/charge-hold`)).data.message).toBe(CHARGE_HOLD_MESSAGES.notHeld);
    expect((await admin.post(`/api/admin/events/${event.id}/charge-hold`, {})).data.message).toBe(CHARGE_HOLD_MESSAGES.alreadyStarted);
    await expectBooksBalanced(server);
  });

  it('a hold lifted before the deadline lets the deadline charge as usual', async () => {
    const creator = await signUp(server.url);
    const event = await crowdfunding(creator);
    expect((await admin.post(`/api/admin/events/${event.id}/charge-hold`, {})).status).toBe(200);
    const lifted = await admin.delete(`/api/admin/events/${event.id}/charge-hold`);
    expect(lifted.data.message).toBe(CHARGE_HOLD_MESSAGES.released);
    clock.advance(3 * DAY);
    await tick();
    expect((await creator.client.get(`/api/events/${event.id}/charge-run`)).data.data).toMatchObject({ status: 'finished', charged: 1 });
  });

  it('refuses a hold on a money bomb (no admin step) and on an unknown campaign, changing nothing', async () => {
    const creator = await signUp(server.url);
    const event = await crowdfunding(creator, 'money_bomb');
    const refused = await admin.post(`/api/admin/events/${event.id}/charge-hold`, {});
    expect(refused.status).toBe(409);
    expect(refused.data.message).toBe(CHARGE_HOLD_MESSAGES.onlyCrowdfunding);
    expect((await admin.get(`/api/admin/events/${event.id}/charge-hold`)).data.data).toBeNull();
    expect((await admin.post('/api/admin/events/00000000-0000-4000-8000-000000000000/charge-hold', {})).status).toBe(404);
  });

  it('a hold and the deadline at the same moment: either the run is held or it charges, never both', { tags: ['concurrency'] }, async () => {
    const creator = await signUp(server.url);
    const event = await crowdfunding(creator);
    const { pledge } = await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 1_000 });
    clock.advance(3 * DAY);
    const [hold, started] = await Promise.all([admin.post(`/api/admin/events/${event.id}/charge-hold`, {}), chargeAtDeadline(server.app.ctx, event.id)]);
    expect(started).toBe(true);
    await server.app.ctx.jobs.drain();
    const run = (await creator.client.get(`/api/events/${event.id}/charge-run`)).data.data;
    if (hold.status === 200) {
      expect(run.status).toBe('held');
      expect((await pledgeRow(server, pledge.id)).status).toBe('pending');
    } else {
      expect(hold.data.message).toBe(CHARGE_HOLD_MESSAGES.alreadyStarted);
      expect((await pledgeRow(server, pledge.id)).status).toBe('charged');
    }
    await expectBooksBalanced(server);
  });
});
