import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outboxEmails, users } from '../../db/schema.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestClock } from '../clock.ts';
import { ACCOUNT_CLOSURE_QUEUE } from '../../modules/account/routes.ts';
import { OUTBOX_QUEUE, type MailTransport } from '../../providers/email/index.ts';
import { RATE_LIMIT_CLEANUP_QUEUE } from '../rate-limit/plugin.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const contact = { tab: 'support', name: 'Rosa Diaz', email: 'rosa@example.com', phone: '5550100', eventName: 'Chili night', message: 'Hello' };
const supportMail = async () => server.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, server.config.supportEmail));

describe('outbox worker', () => {
  it('keeps e-mail readable in the outbox when no SMTP server is configured', async () => {
    expect((await new TestClient(server.url).post('/api/contact', contact)).status).toBe(201);
    await server.app.ctx.jobs.drain();
    await server.app.ctx.jobs.runScheduled(OUTBOX_QUEUE);
    const rows = await supportMail();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sentAt: null, attempts: 0 });
  });

  it('delivers outside the request, retrying a failed delivery after a backoff', async () => {
    const clock = createTestClock();
    server.app.ctx.clock = clock;
    const sent: string[] = [];
    let failNext = true;
    const transport: MailTransport = {
      async sendMail(message) {
        if (failNext) {
          failNext = false;
          throw new Error('421 try again later');
        }
        sent.push(message.subject);
      },
    };
    server.app.ctx.mailer.setTransport(transport);
    try {
      await server.app.ctx.db.delete(outboxEmails);
      expect((await new TestClient(server.url).post('/api/contact', contact)).status).toBe(201);
      // The request only wrote the outbox row.
      expect(sent).toEqual([]);
      expect((await supportMail())[0]).toMatchObject({ sentAt: null, attempts: 0 });

      await server.app.ctx.jobs.drain();
      const failed = (await supportMail())[0]!;
      expect(failed).toMatchObject({ sentAt: null, attempts: 1, error: 'Error: 421 try again later' });
      expect(failed.nextAttemptAt!.getTime()).toBe(clock.now().getTime() + 60_000);

      await server.app.ctx.jobs.runScheduled(OUTBOX_QUEUE);
      expect(sent).toEqual([]);
      clock.advance(60_000);
      await server.app.ctx.jobs.runScheduled(OUTBOX_QUEUE);
      expect(sent).toHaveLength(1);
      const delivered = (await supportMail())[0]!;
      expect(delivered).toMatchObject({ attempts: 2 });
      expect(delivered.sentAt).not.toBeNull();
      await server.app.ctx.jobs.runScheduled(OUTBOX_QUEUE);
      expect(sent).toHaveLength(1);
    } finally {
      server.app.ctx.mailer.setTransport(undefined);
    }
  });
});

describe('scheduled work', () => {
  it('runs the account-closure sweep as a job', async () => {
    const { user } = await signUp(server.url);
    await server.app.ctx.db.update(users).set({ closureRequestedAt: new Date() }).where(eq(users.id, user._id));
    await server.app.ctx.jobs.runScheduled(ACCOUNT_CLOSURE_QUEUE);
    expect(await server.app.ctx.db.select().from(users).where(eq(users.id, user._id))).toEqual([]);
  });

  it('removes ended rate-limit windows as a job', async () => {
    await server.app.ctx.database.query("insert into rate_limit_counters (key, hits, window_ends_at) values ('ended-window', 3, now() - interval '1 hour')");
    await server.app.ctx.jobs.runScheduled(RATE_LIMIT_CLEANUP_QUEUE);
    expect(await server.app.ctx.database.query("select key from rate_limit_counters where key = 'ended-window'")).toEqual([]);
  });
});
