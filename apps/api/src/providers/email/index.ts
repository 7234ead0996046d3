import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is about, e.g. `password-reset`; kept in the outbox for support. */
  kind: string;
}

/**
 * Every e-mail is first written to the outbox table; with SMTP_URL it is then delivered, otherwise
 * it stays readable at /dev/mailbox and is logged (DESIGN.md section 2).
 */
export interface Mailer {
  readonly name: string;
  send(message: EmailMessage): Promise<{ id: string }>;
}

export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  return {
    name: transport ? 'SMTP' : 'outbox (read at /api/dev/mailbox)',
    async send(message) {
      const [row] = await db
        .insert(outboxEmails)
        .values({ to: message.to.toLowerCase(), subject: message.subject, text: message.text, html: message.html, kind: message.kind })
        .returning({ id: outboxEmails.id });
      const id = row!.id;
      if (!transport) {
        log.info({ to: message.to, subject: message.subject, kind: message.kind }, 'e-mail stored in outbox');
        return { id };
      }
      try {
        await transport.sendMail({ from: config.mailFrom, to: message.to, subject: message.subject, text: message.text, html: message.html });
        await db.update(outboxEmails).set({ sentAt: new Date() }).where(eq(outboxEmails.id, id));
      } catch (error) {
        log.error({ err: error, to: message.to }, 'e-mail delivery failed');
        await db
          .update(outboxEmails)
          .set({ error: String(error) })
          .where(eq(outboxEmails.id, id));
      }
      return { id };
    },
  };
}
