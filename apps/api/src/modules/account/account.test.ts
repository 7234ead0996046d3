import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createAccountService } from './service.ts';
import { createCampaign, createPledge } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const query = <T>(text: string, params: unknown[] = []) => server.app.ctx.database.query<T>(text, params);

describe('closing an account', () => {
  it('needs the right password or the typed confirmation', async () => {
    const { client } = await signUp(server.url);
    const none = await client.post('/api/account/close', {});
    expect(none.status).toBe(400);
    const wrong = await client.post('/api/account/close', { password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.data.fields.password).toBe('Password is incorrect');
    expect((await client.get('/api/site/auth-check')).status).toBe(200);
  });

  it('deletes at once with nothing outstanding; pledges keep an anonymised reference', async () => {
    const { client, user, email, password } = await signUp(server.url);
    const { user: host } = await signUp(server.url);
    const draft = await createCampaign(server.app, user._id, { status: 'pending' });
    const live = await createCampaign(server.app, host._id, { status: 'approved' });
    const charged = await createPledge(server.app, user._id, live.id, { status: 'charged' });
    expect((await client.get('/api/account/closure')).data.data.outcome).toBe('immediate');

    const response = await client.post('/api/account/close', { password });
    expect(response.status).toBe(200);
    expect(response.data.deleted).toBe(true);
    expect(await query('select id from users where id = $1', [user._id])).toEqual([]);
    expect(await query('select id from events where id = $1', [draft.id])).toEqual([]);
    expect(await query('select user_id, status from pledges where id = $1', [charged.id])).toEqual([{ user_id: null, status: 'charged' }]);
    expect((await new TestClient(server.url).post('/api/site/login', { email, password })).status).toBe(401);
    expect((await client.post('/api/site/refresh-token')).status).toBe(401);
  });

  it("closes a creator's account in one go when all their campaigns await review: the campaigns and their funding go as for delete", async () => {
    const { client, user, password } = await signUp(server.url);
    const { user: host } = await signUp(server.url);
    const pending = await createCampaign(server.app, user._id, { status: 'pending' });
    const rejected = await createCampaign(server.app, user._id, { status: 'rejected' });
    const fundingA = await createPledge(server.app, user._id, pending.id, { isCreatorPledge: true, amountCents: 10_000 });
    const fundingB = await createPledge(server.app, user._id, rejected.id, { isCreatorPledge: true, amountCents: 10_000 });
    // Someone else's pending campaign funded by this user is still an outstanding pledge elsewhere: not here.
    const othersPending = await createCampaign(server.app, host._id, { status: 'pending' });
    const othersFunding = await createPledge(server.app, host._id, othersPending.id, { isCreatorPledge: true });

    const plan = (await client.get('/api/account/closure')).data.data;
    expect(plan).toMatchObject({ outcome: 'immediate', pending_pledges: 0 });
    const response = await client.post('/api/account/close', { password });
    expect(response.status).toBe(200);
    expect(response.data.deleted).toBe(true);

    // As DELETE /api/events/:id does: content removed, the money trail kept as a cancelled row, pledges released.
    const rows = await query<{ id: string; status: string }>('select id, status from events where id = any($1) order by id', [[pending.id, rejected.id]]);
    expect(rows.map((row) => row.status)).toEqual(['cancelled', 'cancelled']);
    const funding = await query<{ status: string; user_id: string | null }>('select status, user_id from pledges where id = any($1)', [
      [fundingA.id, fundingB.id],
    ]);
    expect(funding).toEqual([
      { status: 'released', user_id: null },
      { status: 'released', user_id: null },
    ]);
    const [owner] = await query<{ email: string }>('select email from users where id = $1', [user._id]);
    expect(owner?.email).toBe(`deleted-${user._id}@deleted.invalid`);
    expect(await query('select status from pledges where id = $1', [othersFunding.id])).toEqual([{ status: 'pending' }]);
    expect((await client.post('/api/site/refresh-token')).status).toBe(401);
  });

  it("still waits for the creator's own pledge on an approved campaign", async () => {
    const { client, user } = await signUp(server.url);
    const live = await createCampaign(server.app, user._id, { status: 'approved' });
    await createPledge(server.app, user._id, live.id, { isCreatorPledge: true });
    expect((await client.get('/api/account/closure')).data.data).toMatchObject({ outcome: 'pending_campaigns', pending_pledges: 1 });
  });

  it('waits for pending pledges, then the sweep deletes the account', async () => {
    const { client, user } = await signUp(server.url);
    const { user: host } = await signUp(server.url);
    const live = await createCampaign(server.app, host._id, { status: 'approved' });
    const pledge = await createPledge(server.app, user._id, live.id);
    const response = await client.post('/api/account/close', { confirmation: 'close' });
    expect(response.data).toMatchObject({ deleted: false, data: { outcome: 'pending_campaigns', pending_pledges: 1, scheduled_at: null } });
    const service = createAccountService(server.app.ctx);
    await service.sweep();
    expect(await query('select id from users where id = $1', [user._id])).toHaveLength(1);
    await query(`update pledges set status = 'charged' where id = $1`, [pledge.id]);
    expect(await service.sweep()).toBeGreaterThanOrEqual(1);
    expect(await query('select id from users where id = $1', [user._id])).toEqual([]);
    expect(await service.sweep()).toBe(0);
  });

  it('with a launched campaign closes 3 months after the campaign closed', async () => {
    const { client, email, user } = await signUp(server.url);
    await client.post('/api/site/forgot-password', { email });
    expect(await query('select id from refresh_tokens where user_id = $1', [user._id])).not.toEqual([]);
    // The reset link is stored after the answer (service.requestReset never awaits it): wait for it.
    await vi.waitFor(async () => expect(await query('select id from password_reset_tokens where user_id = $1', [user._id])).not.toEqual([]), {
      timeout: 5_000,
    });
    const endedAt = new Date('2026-01-15T12:00:00Z');
    const event = await createCampaign(server.app, user._id, { status: 'completed', endedAt });
    const response = await client.post('/api/account/close', { confirmation: 'CLOSE' });
    expect(response.data).toMatchObject({ deleted: false, data: { outcome: 'scheduled', scheduled_at: '2026-04-15T12:00:00.000Z' } });
    const [row] = await query<{ closure_scheduled_at: Date }>('select closure_scheduled_at from users where id = $1', [user._id]);
    expect(new Date(row!.closure_scheduled_at).toISOString()).toBe('2026-04-15T12:00:00.000Z');

    const service = createAccountService(server.app.ctx);
    await service.sweep(new Date('2026-04-15T11:00:00Z'));
    expect(await query('select name from users where id = $1', [user._id])).toHaveLength(1);
    await service.sweep(new Date('2026-04-15T13:00:00Z'));
    // The campaign stays for the books; the owner row keeps no personal data.
    const [owner] = await query<{ name: string; email: string }>('select name, email from users where id = $1', [user._id]);
    expect(owner).toEqual({ name: 'Deleted user', email: `deleted-${user._id}@deleted.invalid` });
    expect(await query('select id from events where id = $1', [event.id])).toHaveLength(1);
    // The kept row signs nobody in: its sessions are gone with the personal data.
    expect(await query('select id from refresh_tokens where user_id = $1', [user._id])).toEqual([]);
    expect(await query('select id from password_reset_tokens where user_id = $1', [user._id])).toEqual([]);
  });

  it('can be cancelled while scheduled', async () => {
    const { client, user } = await signUp(server.url);
    await createCampaign(server.app, user._id, { status: 'approved' });
    await client.post('/api/account/close', { confirmation: 'CLOSE' });
    expect((await client.get('/api/account/closure')).data.data.requested).toBe(true);
    expect((await client.delete('/api/account/close')).status).toBe(200);
    expect((await client.get('/api/account/closure')).data.data.requested).toBe(false);
  });
});
