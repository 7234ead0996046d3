import { sql } from 'drizzle-orm';
import { formatCents } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import type { EmailMessage } from '../../providers/email/index.ts';
import { statementMailings } from './tables.ts';

export const STATEMENT_MAILING_QUEUE = 'statement-mailing';
/** 09:00 UTC on every day of January: a day missed (every instance down) is made up the next. */
export const STATEMENT_MAILING_CRON = '0 9 * 1 *';
const BATCH = 200;

interface Candidate {
  userId: string;
  email: string;
  name: string;
  givenCents: number;
  tipCents: number;
}

/** Supporters charged in `year` (pledges or donations), who want the e-mail and were not mailed it yet. */
async function candidates(ctx: AppContext, year: number, limit: number): Promise<Candidate[]> {
  const from = new Date(Date.UTC(year, 0, 1));
  const to = new Date(Date.UTC(year + 1, 0, 1));
  const result = await ctx.db.execute(sql`
    with charged as (
      select p.user_id, p.charged_cents - p.tip_cents as given, p.tip_cents as tip
      from pledges p where p.user_id is not null and p.charged_cents is not null and p.charged_at >= ${from} and p.charged_at < ${to}
      union all
      select d.user_id, d.amount_cents, 0 from charity_donations d
      where d.user_id is not null and d.status = 'charged' and d.created_at >= ${from} and d.created_at < ${to}
    )
    select u.id as user_id, u.email, u.name, sum(c.given) as given, sum(c.tip) as tip
    from charged c join users u on u.id = c.user_id
    where u.statement_emails and u.disabled_at is null
      and not exists (select 1 from statement_mailings m where m.user_id = u.id and m.year = ${year})
    group by u.id, u.email, u.name
    order by u.id
    limit ${limit}
  `);
  const rows = (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as Record<string, unknown>[];
  return rows.map((row) => ({
    userId: String(row.user_id),
    email: String(row.email),
    name: String(row.name),
    givenCents: Number(row.given),
    tipCents: Number(row.tip),
  }));
}

export function statementEmail(candidate: Candidate, year: number, publicUrl: string): EmailMessage {
  return {
    to: candidate.email,
    kind: 'giving-statement',
    subject: `Your ${year} giving statement`,
    text: [
      `Hello ${candidate.name},`,
      '',
      `Your giving statement for ${year} is ready. It lists each charge with its date and amount, names each charity with its legal name, registration number and address, and lists tips apart.`,
      `Given to charities in ${year}: ${formatCents(candidate.givenCents)}`,
      `Tips to Pledgeway (not given to a charity): ${formatCents(candidate.tipCents)}`,
      '',
      `Download it (and again whenever you need it) after signing in: ${publicUrl}/user/statements`,
      '',
      `To stop these yearly e-mails, turn off "E-mail my giving statement each January" on your profile: ${publicUrl}/user/my-profile`,
    ].join('\n'),
  };
}

/**
 * The January job (decision 138): e-mails last year's statement to every supporter charged then.
 * Each batch claims its supporters by inserting their (user, year) rows: the primary key lets one
 * run win each supporter, and the e-mail is written in the same transaction as the claim, so any
 * number of runs and instances send it once. Returns how many e-mails this run wrote.
 */
export async function mailYearlyStatements(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  if (now.getUTCMonth() !== 0) return 0;
  const year = now.getUTCFullYear() - 1;
  let sent = 0;
  for (;;) {
    const batch = await candidates(ctx, year, BATCH);
    if (!batch.length) return sent;
    const won = await ctx.db.transaction(async (tx) => {
      const claimed = await tx
        .insert(statementMailings)
        .values(batch.map((candidate) => ({ userId: candidate.userId, year, sentAt: now })))
        .onConflictDoNothing()
        .returning({ userId: statementMailings.userId });
      const ids = new Set(claimed.map((row) => row.userId));
      const messages = batch.filter((candidate) => ids.has(candidate.userId)).map((candidate) => statementEmail(candidate, year, ctx.config.publicUrl));
      if (messages.length) await ctx.mailer.sendMany(messages, tx);
      return messages.length;
    });
    sent += won;
    if (batch.length < BATCH) return sent;
  }
}
