import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LIFECYCLE_MESSAGES, MY_EVENTS_MESSAGES, closeRefundCents } from '@pledgeway/domain';
import { events } from '../../db/schema.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { auditLog } from '../audit/tables.ts';
import { lifecycleRepository } from './repository.ts';
import { accountBalance, expectBooksBalanced, fundedCampaign, liveCampaign, pledgeFrom } from '../../test/money.ts';
import { adminClient, createCampaign, mailsTo, type Person, pledgeRow } from '../../test/factories.ts';

let server: TestServer;
let admin: TestClient;
let creator: Person;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  creator = await signUp(server.url, { name: 'Casey Creator' });
});
afterAll(async () => server.close());

const statusOf = async (eventId: string) => (await server.app.ctx.db.select().from(events).where(eq(events.id, eventId)))[0]!.status;

describe('admin review', () => {
  it('approves a pending campaign: 401 for a visitor, 403 for a user, e-mail and audit row for the admin', async () => {
    const event = await createCampaign(server.app, creator.user._id, { status: 'pending' });
    expect((await new TestClient(server.url).post(`/api/admin/events/${event.id}/approve`)).status).toBe(401);
    expect((await creator.client.post(`/api/admin/events/${event.id}/approve`)).status).toBe(403);
    expect(await statusOf(event.id)).toBe('pending');

    const approved = await admin.post(`/api/admin/events/${event.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.data).toEqual({ success: true, message: LIFECYCLE_MESSAGES.approved, event: { _id: event.id, status: 'approved' } });
    expect((await mailsTo(server, creator.email)).filter((mail) => mail.kind === 'campaign-approved')).toHaveLength(1);
    const audit = await server.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, event.id), eq(auditLog.action, 'event.approve')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ before: { status: 'pending' }, after: { status: 'approved' } });

    const again = await admin.post(`/api/admin/events/${event.id}/approve`);
    expect(again.status).toBe(409);
    expect(again.data.message).toBe('This campaign is Active: it cannot be approved');
  });

  it('rejects only with a reason, and e-mails the reason to the creator', async () => {
    const event = await createCampaign(server.app, creator.user._id, { status: 'pending' });
    const noReason = await admin.post(`/api/admin/events/${event.id}/reject`, { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.data.message).toBe(LIFECYCLE_MESSAGES.reasonRequired);
    expect(await statusOf(event.id)).toBe('pending');
    const rejected = await admin.post(`/api/admin/events/${event.id}/reject`, { reason: 'Please name the venue' });
    expect(rejected.status).toBe(200);
    expect(rejected.data.event.status).toBe('rejected');
    const mail = (await mailsTo(server, creator.email)).find((row) => row.kind === 'campaign-rejected' && row.text.includes('Please name the venue'));
    expect(mail).toBeDefined();
  });

  it('freezes a live campaign and unfreezes it back to live; refuses to freeze a pending one', async () => {
    const event = await createCampaign(server.app, creator.user._id, { status: 'approved' });
    expect((await admin.post(`/api/admin/events/${event.id}/freeze`, { reason: 'Checking a complaint' })).data.event.status).toBe('freeze');
    const unfrozen = await admin.post(`/api/admin/events/${event.id}/unfreeze`);
    expect(unfrozen.status, JSON.stringify(unfrozen.data)).toBe(200);
    expect(unfrozen.data.event.status).toBe('approved');
    const pending = await createCampaign(server.app, creator.user._id, { status: 'pending' });
    const refused = await admin.post(`/api/admin/events/${pending.id}/freeze`);
    expect(refused.status).toBe(409);
    expect(refused.data.message).toBe('This campaign is Pending: it cannot be frozen');
  });
});

describe("the creator's complete and close", () => {
  it('completes a live campaign, e-mails the creator, and refuses anyone else', async () => {
    const event = await createCampaign(server.app, creator.user._id, { status: 'approved' });
    const stranger = await signUp(server.url);
    expect((await stranger.client.post(`/api/events/${event.id}/complete`)).status).toBe(403);
    expect((await new TestClient(server.url).post(`/api/events/${event.id}/complete`)).status).toBe(401);
    const done = await creator.client.post(`/api/events/${event.id}/complete`);
    expect(done.status).toBe(200);
    expect(done.data.message).toBe(LIFECYCLE_MESSAGES.completed);
    expect((await mailsTo(server, creator.email)).some((mail) => mail.kind === 'campaign-completed')).toBe(true);
    const closeAfter = await creator.client.post(`/api/events/${event.id}/close`);
    expect(closeAfter.status).toBe(409);
    expect(closeAfter.data.message).toBe('This campaign is Completed: it cannot be closed');
  });

  it('exactly one of two concurrent status changes of one campaign wins', { tags: ['concurrency'] }, async () => {
    for (let round = 0; round < 3; round += 1) {
      const event = await createCampaign(server.app, creator.user._id, { status: 'approved' });
      const [complete, close] = await Promise.all([
        creator.client.post(`/api/events/${event.id}/complete`),
        creator.client.post(`/api/events/${event.id}/close`),
      ]);
      expect([complete.status, close.status].sort()).toEqual([200, 409]);
      expect(await statusOf(event.id)).toBe(complete.status === 200 ? 'completed' : 'close');
    }
    const pending = await createCampaign(server.app, creator.user._id, { status: 'pending' });
    const results = await Promise.all([
      admin.post(`/api/admin/events/${pending.id}/approve`),
      admin.post(`/api/admin/events/${pending.id}/reject`, { reason: 'No' }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const audits = await server.app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, pending.id));
    expect(audits).toHaveLength(1);
  });

  it('close refunds the creator less card fee, refund fee and 5%, and releases every other pledge uncharged', async () => {
    const owner = await signUp(server.url, { name: 'Close Owner' });
    const event = await liveCampaign(server, owner, admin);
    const supporter = await signUp(server.url);
    const { pledge } = await pledgeFrom(server, supporter, event.id, { amountCents: 5_000, tipPercent: 20 });
    // The provider's refund fee (REFUND_FEE_CENTS) is withheld too.
    server.app.ctx.config.refundFeeCents = 150;
    const closed = await owner.client.post(`/api/events/${event.id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.data.event.status).toBe('close');
    expect((await pledgeRow(server, pledge.id)).status).toBe('released');
    await server.app.ctx.jobs.drain();
    server.app.ctx.config.refundFeeCents = 0;

    const funding = (await server.app.ctx.database.query<{ id: string }>('select id from pledges where event_id = $1 and is_creator_pledge', [event.id]))[0]!;
    const row = await pledgeRow(server, funding.id);
    expect(row.status).toBe('refunded');
    const refund = closeRefundCents({ amountCents: 10_000, originalCardFeeCents: 320, refundFeeCents: 150 });
    expect(refund).toBe(10_000 - 320 - 150 - 500);
    const [providerRefund] = await server.app.ctx.database.query<{ amount_cents: string }>('select amount_cents from sandbox_refunds where charge_id = $1', [
      row.providerChargeRef,
    ]);
    expect(Number(providerRefund!.amount_cents)).toBe(refund);
    expect(await accountBalance(server, 'event_escrow', { eventId: event.id })).toBe(0);
    expect(await accountBalance(server, 'platform_fee_revenue', { eventId: event.id })).toBe(500);
    expect(await accountBalance(server, 'card_processing_fees', { eventId: event.id })).toBe(320 + 150);
    expect((await mailsTo(server, owner.email)).some((mail) => mail.kind === 'refund' && mail.text.includes('Refunded to your card: $90.30'))).toBe(true);
    // The creator's My Pledges shows what went back to the card; the supporter's pledge refunded nothing.
    const mine = (await owner.client.get('/api/events/pledges')).data.data.pledges as { _id: string; status: string; refunded_amount: number }[];
    expect(mine.find((item) => item._id === funding.id)).toMatchObject({ status: 'refunded', refunded_amount: 90.3 });
    const theirs = (await supporter.client.get('/api/events/pledges')).data.data.pledges as { status: string; refunded_amount: number }[];
    expect(theirs).toMatchObject([{ status: 'released', refunded_amount: 0 }]);
    // A job run twice refunds once.
    await server.app.ctx.jobs.send('refund-creator-funding', { pledgeId: funding.id, reason: 'close' });
    await server.app.ctx.jobs.drain();
    expect(await server.app.ctx.database.query('select id from sandbox_refunds where charge_id = $1', [row.providerChargeRef])).toHaveLength(1);
    await expectBooksBalanced(server);
  });
});

describe('a release for more supporters than a statement takes parameters', () => {
  it('finds each supporter’s address among 70,000 accounts read at once', async () => {
    const supporter = await signUp(server.url);
    // A cancelled money bomb tells every supporter: past 65,535 one parameter per account failed
    // the whole release (decision 285).
    const others = Array.from({ length: 70_000 }, () => crypto.randomUUID());
    const emails = await lifecycleRepository.emailsOf(server.app.ctx.db, [...others, supporter.user._id]);
    expect(emails).toEqual(new Map([[supporter.user._id, supporter.email.toLowerCase()]]));
  });
});

describe('delete before approval', () => {
  it('refunds the funding in full less the card fee, releases pledges and keeps the row as cancelled', async () => {
    const owner = await signUp(server.url, { name: 'Delete Owner' });
    const event = await fundedCampaign(server, owner);
    const deleted = await owner.client.delete(`/api/events/${event.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.data.message).toBe(MY_EVENTS_MESSAGES.deleted);
    await server.app.ctx.jobs.drain();
    expect(await statusOf(event.id)).toBe('cancelled');
    const [refund] = await server.app.ctx.database.query<{ amount_cents: string }>(
      'select r.amount_cents from sandbox_refunds r join pledges p on p.provider_charge_ref = r.charge_id where p.event_id = $1',
      [event.id],
    );
    expect(Number(refund!.amount_cents)).toBe(10_000 - 320);
    expect(await accountBalance(server, 'event_escrow', { eventId: event.id })).toBe(0);
    expect(await accountBalance(server, 'donor_card', { eventId: event.id })).toBe(-320);
    await expectBooksBalanced(server);
  });
});
