import { formatCents } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import type { EmailMessage } from '../../providers/email/index.ts';
import { statementsRepository as repo, type MailingCandidate as Candidate } from './repository.ts';

export const STATEMENT_MAILING_QUEUE = 'statement-mailing';
/** 09:00 UTC on every day of January: a day missed (every instance down) is made up the next. */
export const STATEMENT_MAILING_CRON = '0 9 * 1 *';
const BATCH = 200;

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
    const batch = await repo.mailingCandidates(ctx.db, year, BATCH);
    if (!batch.length) return sent;
    const won = await ctx.db.transaction(async (tx) => {
      const ids = await repo.claimMailings(
        tx,
        batch.map((candidate) => candidate.userId),
        year,
        now,
      );
      const messages = batch.filter((candidate) => ids.has(candidate.userId)).map((candidate) => statementEmail(candidate, year, ctx.config.publicUrl));
      if (messages.length) await ctx.mailer.sendMany(messages, tx);
      return messages.length;
    });
    sent += won;
    if (batch.length < BATCH) return sent;
  }
}
