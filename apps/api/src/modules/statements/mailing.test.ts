import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { signUp, type TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { mailYearlyStatements, STATEMENT_MAILING_QUEUE } from './mailing.ts';
import { adminClient, mailsTo, type Person } from '../../test/factories.ts';
import { liveCampaign, pledgeFrom } from '../../test/money.ts';

let server: TestServer;
let admin: TestClient;
let clock: TestClock;
beforeAll(async () => {
  server = await startTestServer();
  clock = createTestClock(new Date('2026-06-10T12:00:00Z'));
  server.app.ctx.clock = clock;
  admin = await adminClient(server);
});
afterAll(async () => server.close());

const statementMails = async (person: Person) => (await mailsTo(server, person.email)).filter((mail) => mail.kind === 'giving-statement');

describe('the January e-mail of the yearly giving statement', () => {
  it('reaches every supporter charged last year once, under racing runs, except those who turned it off', { tags: ['concurrency'] }, async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const [charged, optedOut, pendingOnly] = await Promise.all([signUp(server.url, { name: 'Cara Charged' }), signUp(server.url), signUp(server.url)]);
    await pledgeFrom(server, charged, event.id, { amountCents: 12_000, tipPercent: 10 });
    await pledgeFrom(server, optedOut, event.id, { amountCents: 4_000 });
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
    await server.app.ctx.jobs.drain();
    // A pledge on a campaign still live is never charged: no statement.
    const other = await liveCampaign(server, await signUp(server.url), admin);
    await pledgeFrom(server, pendingOnly, other.id, { amountCents: 2_000 });

    expect((await optedOut.client.get('/api/me/statement-emails')).data.data.enabled).toBe(true);
    const off = await optedOut.client.put('/api/me/statement-emails', { enabled: false });
    expect(off.status).toBe(200);
    expect(off.data.data.enabled).toBe(false);
    expect((await optedOut.client.put('/api/me/statement-emails', { enabled: 'no' })).status).toBe(400);

    // Outside January the job sends nothing.
    clock.set(new Date('2026-12-31T09:00:00Z'));
    expect(await mailYearlyStatements(server.app.ctx)).toBe(0);

    clock.set(new Date('2027-01-01T09:00:00Z'));
    const runs = await Promise.all([
      mailYearlyStatements(server.app.ctx),
      mailYearlyStatements(server.app.ctx),
      mailYearlyStatements(server.app.ctx),
      server.app.ctx.jobs.runScheduled(STATEMENT_MAILING_QUEUE).then(() => 0),
    ]);
    const [mail] = await statementMails(charged);
    expect(await statementMails(charged)).toHaveLength(1);
    expect(await statementMails(optedOut)).toHaveLength(0);
    expect(await statementMails(pendingOnly)).toHaveLength(0);
    // The creator's funding was charged too: a statement of their own.
    expect(await statementMails(creator)).toHaveLength(1);
    // Both campaigns' creators (their fundings) and the charged supporter: three e-mails, one each, however the runs shared them.
    const all = await server.app.ctx.database.query<{ to: string }>(`select "to" from outbox_emails where kind = 'giving-statement'`);
    expect(all).toHaveLength(3);
    expect(new Set(all.map((row) => row.to)).size).toBe(3);
    expect(runs.reduce((sum, sent) => sum + sent, 0)).toBeLessThanOrEqual(3);
    expect(mail!.subject).toBe('Your 2026 giving statement');
    expect(mail!.text).toContain('Given to charities in 2026: $120.00');
    expect(mail!.text).toContain('Tips to Pledgeway (not given to a charity): $12.00');
    expect(mail!.text).toContain(`${server.app.ctx.config.publicUrl}/user/statements`);
    expect(mail!.text).toContain(`${server.app.ctx.config.publicUrl}/user/my-profile`);

    // The next day's run, and a later instance's, find nobody left.
    clock.set(new Date('2027-01-02T09:00:00Z'));
    expect(await mailYearlyStatements(server.app.ctx)).toBe(0);
    expect(await statementMails(charged)).toHaveLength(1);
    // Turned back on after the mailing: next January only.
    expect((await optedOut.client.put('/api/me/statement-emails', { enabled: true })).status).toBe(200);
    expect(await mailYearlyStatements(server.app.ctx)).toBe(1);
    expect(await statementMails(optedOut)).toHaveLength(1);
  });
});
