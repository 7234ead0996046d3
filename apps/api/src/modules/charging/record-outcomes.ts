import { formatCents, paymentMethodLabel, settlePledge } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { EmailMessage } from '../../providers/email/index.ts';
import { ledgerRepository, type LedgerTransactionInput } from '../ledger/index.ts';
import { lifecycleEmails } from '../lifecycle/index.ts';
import { pledgeChargeStateRepository } from '../pledges/index.ts';
import { chargingRepository as repo, type PledgeRow } from './repository.ts';
import { chargePosting, settleMatchesIfRunDone, topUpMatchesFor, type ChargedMatch } from './matches.ts';
import { matchingEmails, matchRecords } from '../matching/index.ts';
import { noClaim } from './attempts.ts';
import { NO_GOODS_OR_SERVICES, recipientLines, tipLine, type Recipient } from '../../lib/receipt-recipient.ts';

/** `in_flight`: another worker holds this attempt's claim; it alone calls the provider. */
export type ChargeOutcome = 'charged' | 'failed' | 'dropped' | 'skipped' | 'in_flight';

/** A failed charge's window (docs/product.md#pledge-states): reminders every 48 hours for 7 days. */
export const FAILED_WINDOW_MS = 7 * 86_400_000;
export const REMINDER_INTERVAL_MS = 48 * 3_600_000;

export type PledgeForCharge = NonNullable<Awaited<ReturnType<typeof repo.pledgeForCharge>>>;
export type ProviderAnswer = Awaited<ReturnType<AppContext['payments']['charge']>>;

/** What recording a batch's answers left to do after its commit. */
export interface RecordedOutcomes {
  outcomes: Map<string, ChargeOutcome>;
  /** The match pledges that joined a run: its last supporter's outcome was recorded, or a pledge of it recovered (a top-up). */
  matchPledgeIds: string[];
}

/** A wallet's or cash app's label for the receipt; undefined for a card (its receipt keeps "Your card"). */
const methodLabelOf = (method: PledgeForCharge['method']) => (method && method.kind !== 'card' ? paymentMethodLabel(method) : undefined);

/** The donor's receipt of a charged pledge, with the split the ledger recorded. */
function receiptEmail(
  email: string,
  campaign: { id: string; name: string },
  settled: ReturnType<typeof settlePledge>,
  match: ChargedMatch | null,
  publicUrl: string,
  charity: Recipient | null,
  chargedAt: Date,
  /** What was charged, when not a card typed in ("Sandbox cash app · $ava", decision 150). */
  methodLabel?: string,
): EmailMessage {
  const { amountCents, tipCents, coverCents, platformFeeCents, cardFeeCents, totalCents } = settled;
  const parts = { amountCents, platformFeeCents, cardFeeCents, totalCents, netCents: settled.netToCharityCents };
  const message =
    match !== null
      ? match?.recoveredPledgeId
        ? matchingEmails.toppedUp(email, campaign, parts)
        : matchingEmails.charged(email, campaign, parts)
      : lifecycleEmails.chargeReceipt(email, campaign, { ...parts, tipCents, coverCents }, publicUrl, methodLabel);
  // What a tax office reads (decision 137): the recipient, the date and amount of the gift, the tip apart.
  const gift = [
    '',
    `Date of the charge: ${chargedAt.toISOString().slice(0, 10)}`,
    `Amount of your gift: ${formatCents(totalCents - tipCents)}`,
    ...(tipCents > 0 ? [tipLine(tipCents)] : []),
    ...(charity ? recipientLines(charity) : [NO_GOODS_OR_SERVICES]),
  ];
  return { ...message, text: `${message.text}\n${gift.join('\n')}` };
}

/**
 * Books a batch of provider answers in one transaction, under the row locks of all its pledges (taken
 * in id order). Each answer is still booked once with its own ledger posting and idempotency key
 * (`pledge-charge:{pledge}`); the postings are written together. A pledge already recorded, or
 * on a newer attempt, is `skipped` and its answer left alone.
 */
export async function recordOutcomes(ctx: AppContext, answered: { found: PledgeForCharge; result: ProviderAnswer }[]): Promise<RecordedOutcomes> {
  const now = ctx.clock.now();
  const outcomes = new Map<string, ChargeOutcome>();
  const matchPledgeIds: string[] = [];
  await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockPledges(
      tx,
      answered.map(({ found }) => found.pledge.id),
    );
    const booked: Booked = { postings: [], charged: [], receipts: [], recovered: [] };
    /** Runs whose matches may be due: a supporter's pledge of theirs left `pending` here (decision 109). */
    const runsToSettle = new Map<string, { id: string; name: string }>();
    for (const { found, result } of answered) {
      const current = locked.get(found.pledge.id);
      const outcome = await bookAnswer(ctx, tx, found, current, result, now, booked);
      outcomes.set(found.pledge.id, outcome);
      if (outcome !== 'skipped' && current?.chargeRunId && current.status === 'pending' && current.kind === 'pledge') {
        runsToSettle.set(current.chargeRunId, { id: found.event.id, name: found.event.name });
      }
    }
    // The batch's charges in three statements: the pledges, their postings, their receipts.
    await pledgeChargeStateRepository.markCharged(tx, booked.charged, now);
    await ledgerRepository.postMany(tx, booked.postings);
    await ctx.mailer.sendMany(booked.receipts, tx);
    // Before the settlement below: a match still offered counts a recovered pledge itself, so its top-up is for settled matches only.
    for (const recovered of booked.recovered) matchPledgeIds.push(...(await topUpMatchesFor(tx, recovered)));
    // Under the run's row lock, after every outcome of the batch, so the last supporter's outcome
    // always sees every other one; the run itself is finished after the commit, once its matches joined it.
    for (const [runId, campaign] of runsToSettle) matchPledgeIds.push(...(await settleMatchesIfRunDone(ctx, tx, campaign, runId)));
  });
  return { outcomes, matchPledgeIds };
}

/** What a batch's successful charges write together once every answer is booked. */
interface Booked {
  postings: LedgerTransactionInput[];
  charged: Parameters<typeof pledgeChargeStateRepository.markCharged>[1];
  receipts: EmailMessage[];
  /** Supporters' pledges charged after a decline (within the failed-charge window): they may top up a match. */
  recovered: PledgeRow[];
}

/**
 * One answer under its pledge's row lock. A decline is written at once; a charge is added to
 * `booked` (its pledge's new state, its posting and its receipt), written with the batch's others.
 */
async function bookAnswer(
  ctx: AppContext,
  tx: Executor,
  found: PledgeForCharge,
  current: PledgeRow | undefined,
  result: ProviderAnswer,
  now: Date,
  booked: Booked,
): Promise<ChargeOutcome> {
  const { event } = found;
  const campaign = { id: event.id, name: event.name };
  // Another worker recorded this attempt already, or a newer attempt started.
  if (!current || current.retryCount !== found.pledge.retryCount || (current.status !== 'pending' && current.status !== 'failed')) return 'skipped';
  if (!result.ok && current.status === 'failed' && current.providerChargeRef === result.ref) {
    // A taken-over retry whose decline was booked already: only its claim is left to release.
    // (The same charge succeeding is booked below: the supporter confirmed it with their bank, decision 260.)
    if (current.attemptStartedAt) await pledgeChargeStateRepository.update(tx, current.id, noClaim);
    return 'skipped';
  }
  if (result.ok) {
    const settled = settlePledge({
      amountCents: current.amountCents,
      tipCents: current.tipCents,
      platformFeeCents: current.platformFeeCents,
      coverCents: current.coverCents,
      chargedCents: result.amountCents,
      cardFeeCents: result.feeCents,
    });
    const match = current.kind === 'match' ? ((await matchRecords.forPledge(tx, current.id)) ?? null) : null;
    booked.postings.push(chargePosting(current, match, settled, { eventId: event.id, charityId: event.charityId, providerRef: result.ref }));
    booked.charged.push({ pledgeId: current.id, chargedCents: result.amountCents, cardFeeCents: result.feeCents, providerChargeRef: result.ref });
    if (current.status === 'failed') booked.recovered.push(current);
    if (found.email)
      booked.receipts.push(
        receiptEmail(found.email, campaign, settled, match, ctx.config.publicUrl, found.charity?.name ? found.charity : null, now, methodLabelOf(found.method)),
      );
    return 'charged';
  }
  const windowStart = current.failedAt ?? now;
  // A decline at or after the end of the 7-day window (the final retry) drops the pledge.
  if (current.failedAt && now.getTime() >= windowStart.getTime() + FAILED_WINDOW_MS) {
    await pledgeChargeStateRepository.update(tx, current.id, {
      status: 'dropped',
      failureReason: result.message,
      failureCode: result.code,
      providerChargeRef: result.ref,
      nextReminderAt: null,
      ...noClaim,
    });
    if (found.email) await ctx.mailer.send(lifecycleEmails.dropped(found.email, campaign), tx);
    return 'dropped';
  }
  await pledgeChargeStateRepository.update(tx, current.id, {
    status: 'failed',
    failureReason: result.message,
    failureCode: result.code,
    providerChargeRef: result.ref,
    failedAt: windowStart,
    nextReminderAt: current.failedAt ? current.nextReminderAt : new Date(now.getTime() + REMINDER_INTERVAL_MS),
    ...noClaim,
  });
  // The donor's first e-mail of a failed charge, with the link to that pledge's Update payment method (or its bank's confirmation).
  if (found.email)
    await ctx.mailer.send(
      lifecycleEmails.chargeFailed(
        found.email,
        campaign,
        { reason: result.message, pledgeId: current.id, authenticate: result.code === 'authentication_required' },
        ctx.config.publicUrl,
        false,
      ),
      tx,
    );
  return 'failed';
}
