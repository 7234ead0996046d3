import nodemailer from 'nodemailer';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Jobs } from '../../lib/jobs/index.ts';
import { composeEmail } from './compose.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is about, e.g. `password-reset`; kept in the outbox for support. */
  kind: string;
  /** Mail a person asked for and may stop (campaign updates): its signed unsubscribe address (decision 192). */
  unsubscribeUrl?: string;
}

/** What delivers a message: nodemailer's SMTP transport, or a stand-in in tests. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html: string; headers: Record<string, string> }): Promise<unknown>;
}

export const OUTBOX_QUEUE = 'outbox-deliver';
/** After this many failed attempts a message stays in the outbox with its last error, for support. */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** Rows claimed by a worker are not claimed again for this long (a worker that died mid-send). */
const CLAIM_SECONDS = 300;

/** 1 min, 2, 4 … capped at 6 h between attempts. */
export function outboxBackoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);
}

/**
 * Every e-mail is written to the outbox table, inside the caller's transaction when there is one,
 * so the mail exists exactly when the change that caused it does. The outbox worker delivers it
 * with SMTP_URL, retrying with backoff; without SMTP it stays readable (by an admin) at /api/dev/mailbox and in
 * the logs. Nothing is sent inside a request, so response times reveal nothing.
 */
export interface StoredEmail {
  id: string;
  to: string;
  subject: string;
  /** As delivered: the text with its footer, and the HTML part made from it. */
  text: string;
  html: string;
  kind: string;
  createdAt: Date;
}

/**
 * The outbox row of a message: what `send` inserts, and what a statement that writes a message
 * together with the change causing it inserts itself (the pledge receipt), then calls `queued`.
 */
export function outboxValues(message: EmailMessage) {
  return {
    to: message.to.toLowerCase(),
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    kind: message.kind,
    unsubscribeUrl: message.unsubscribeUrl ?? null,
  };
}

export interface Mailer {
  readonly name: string;
  send(message: EmailMessage, tx?: Executor): Promise<{ id: string }>;
  /** Many messages in few inserts (a batch of charge receipts, an update's e-mails), inside the caller's transaction. */
  sendMany(messages: EmailMessage[], tx: Executor): Promise<void>;
  /** After a caller wrote a message's `outboxValues` row itself: the log line, or the delivery worker woken. */
  queued(message: EmailMessage, options: { inTransaction: boolean }): void;
  /** Delivers due messages; returns how many were delivered. Run by the outbox worker. */
  deliverDue(): Promise<number>;
  /** The newest stored messages, optionally to one address: what the local mailbox shows. */
  recent(options: { to?: string; limit: number }): Promise<StoredEmail[]>;
  /** Replaces the transport (tests use a stand-in to see retries). */
  setTransport(transport: MailTransport | undefined): void;
}

const SEND_MANY_ROWS = 1_000;

export function createMailer(config: Config, db: Db, log: FastifyBaseLogger, jobs: Jobs, clock: Clock): Mailer {
  let transport: MailTransport | undefined = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;

  const mailer: Mailer = {
    name: transport ? 'SMTP' : 'outbox (an admin reads it at /api/dev/mailbox; npm run dev opens it to anyone)',

    async send(message, tx) {
      const [row] = await (tx ?? db).insert(outboxEmails).values(outboxValues(message)).returning({ id: outboxEmails.id });
      mailer.queued(message, { inTransaction: Boolean(tx) });
      return { id: row!.id };
    },

    async sendMany(messages, tx) {
      if (!messages.length) return;
      // At most 1,000 rows a statement: an update to a large campaign stays within PostgreSQL's 65,535 parameters.
      for (let first = 0; first < messages.length; first += SEND_MANY_ROWS) {
        await tx.insert(outboxEmails).values(messages.slice(first, first + SEND_MANY_ROWS).map(outboxValues));
      }
      // One wake-up of the delivery worker for them all.
      if (transport) jobs.enqueue(OUTBOX_QUEUE, {}, { startAfterSeconds: 2 });
      else for (const message of messages) mailer.queued(message, { inTransaction: true });
    },

    queued(message, { inTransaction }) {
      if (!transport) log.info({ to: message.to, subject: message.subject, kind: message.kind }, 'e-mail stored in outbox');
      // Wakes the worker; inside a transaction it may run before the commit, and the
      // worker's schedule picks the message up then.
      else jobs.enqueue(OUTBOX_QUEUE, {}, { startAfterSeconds: inTransaction ? 2 : 0 });
    },

    async deliverDue() {
      if (!transport) return 0;
      const now = clock.now();
      // Claim a batch in one statement, so two workers never send the same message.
      const claimed = await db
        .update(outboxEmails)
        .set({ attempts: sql`${outboxEmails.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_SECONDS * 1000) })
        .where(
          sql`${outboxEmails.id} in (select id from outbox_emails where sent_at is null and attempts < ${OUTBOX_MAX_ATTEMPTS}
            and (next_attempt_at is null or next_attempt_at <= ${now.toISOString()}) order by created_at limit 20 for update skip locked)`,
        )
        .returning();
      let delivered = 0;
      for (const row of claimed) {
        try {
          const composed = await composeEmail(row, config.publicUrl);
          await transport.sendMail({ from: config.mailFrom, to: row.to, subject: row.subject, ...composed });
          await db.update(outboxEmails).set({ sentAt: clock.now(), error: null }).where(eq(outboxEmails.id, row.id));
          delivered += 1;
        } catch (error) {
          log.warn({ err: error, to: row.to, attempts: row.attempts }, 'e-mail delivery failed; will retry');
          await db
            .update(outboxEmails)
            .set({ error: String(error), nextAttemptAt: new Date(clock.now().getTime() + outboxBackoffMs(row.attempts)) })
            .where(and(eq(outboxEmails.id, row.id)));
        }
      }
      return delivered;
    },

    async recent({ to, limit }) {
      const columns = {
        id: outboxEmails.id,
        to: outboxEmails.to,
        subject: outboxEmails.subject,
        text: outboxEmails.text,
        html: outboxEmails.html,
        kind: outboxEmails.kind,
        unsubscribeUrl: outboxEmails.unsubscribeUrl,
        createdAt: outboxEmails.createdAt,
      };
      const query = db.select(columns).from(outboxEmails).orderBy(desc(outboxEmails.createdAt)).limit(limit);
      const rows = to ? await query.where(eq(outboxEmails.to, to.toLowerCase())) : await query;
      return Promise.all(
        rows.map(async (row) => {
          const { text, html } = await composeEmail(row, config.publicUrl);
          return { id: row.id, to: row.to, subject: row.subject, kind: row.kind, createdAt: row.createdAt, text, html };
        }),
      );
    },

    setTransport(next) {
      transport = next;
    },
  };

  jobs.define(
    OUTBOX_QUEUE,
    async () => {
      // Keep going while full batches come back.
      while ((await mailer.deliverDue()) >= 20);
    },
    { cron: '* * * * *', retryLimit: 1 },
  );
  return mailer;
}
