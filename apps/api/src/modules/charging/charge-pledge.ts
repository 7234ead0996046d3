import { settlePledge } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { DECLINE_MESSAGES } from '../../providers/payments/index.ts';
import { ledgerRepository } from '../ledger/repository.ts';
import { matchingEmails } from '../matching/service.ts';
import { lifecycleEmails } from '../lifecycle/emails.ts';
import { notifyCampaignChanged } from '../lifecycle/notify.ts';
import { chargingRepository as repo, type PledgeRow } from './repository.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { chargePosting, settleMatchesIfRunDone } from './matches.ts';
import { claimAttempt, claimIsFresh, noClaim, releaseClaim } from './attempts.ts';

export const CHARGE_PLEDGE_QUEUE = 'charge-pledge';
/**
 * A charge run's jobs are fetched CHARGE_BATCH at a time by CHARGE_WORKERS workers per instance, so
 * up to 64 charges are in flight: enough to keep a provider answering in about 400 ms at its
 * 100 requests a second, while the rate limiter, not the pool, spaces the requests (decision 107).
 */
export const CHARGE_BATCH = 16;
export const CHARGE_WORKERS = 4;
/** A failed charge's window (DESIGN.md section 4): reminders every 48 hours for 7 days. */
export const FAILED_WINDOW_MS = 7 * 86_400_000;
export const REMINDER_INTERVAL_MS = 48 * 3_600_000;

/** The provider's idempotency key of one charge attempt: the same attempt is never charged twice. */
export function chargeAttemptKey(pledge: Pick<PledgeRow, 'idempotencyKey' | 'retryCount'>): string {
  return `${pledge.idempotencyKey}:charge:${pledge.retryCount}`;
}

/** `in_flight`: another worker holds this attempt's claim; it alone calls the provider. */
export type ChargeOutcome = 'charged' | 'failed' | 'dropped' | 'skipped' | 'in_flight';

/** The donor's receipt of a charged pledge, with the split the ledger recorded. */
function receiptEmail(
  email: string,
  campaign: { id: string; name: string },
  settled: ReturnType<typeof settlePledge>,
  kind: PledgeRow['kind'],
  publicUrl: string,
) {
  if (kind === 'match') {
    const { amountCents, platformFeeCents, cardFeeCents, totalCents } = settled;
    return matchingEmails.charged(email, campaign, { amountCents, platformFeeCents, cardFeeCents, totalCents, netCents: settled.netToCharityCents });
  }
  return lifecycleEmails.chargeReceipt(
    email,
    campaign,
    {
      amountCents: settled.amountCents,
      tipCents: settled.tipCents,
      coverCents: settled.coverCents,
      platformFeeCents: settled.platformFeeCents,
      cardFeeCents: settled.cardFeeCents,
      totalCents: settled.totalCents,
      netCents: settled.netToCharityCents,
    },
    publicUrl,
  );
}

/** The donor's first e-mail of a failed charge, with the link to that pledge's Update card. */
function failedEmail(email: string, campaign: { id: string; name: string }, reason: string, pledgeId: string, publicUrl: string) {
  return lifecycleEmails.chargeFailed(email, campaign, { reason, pledgeId }, publicUrl, false);
}

type PledgeForCharge = NonNullable<Awaited<ReturnType<typeof repo.pledgeForCharge>>>;
type ProviderAnswer = Awaited<ReturnType<AppContext['payments']['charge']>>;

/** What the card is charged for a pledge: the pledge, its tip and what the donor added to cover the fees. */
export function pledgeChargeCents(pledge: { amountCents: number; tipCents: number; coverCents: number }): number {
  return pledge.amountCents + pledge.tipCents + pledge.coverCents;
}

/**
 * Charges one pledge (pledge + tip + cover) with its attempt's idempotency key, then records the
 * outcome under the pledge's row lock. The attempt is claimed first (decision 091), so of several
 * workers only one calls the provider; the others answer `in_flight`. A claim abandoned by a crash
 * is taken over once its lease has passed, with the same key; past the provider's key lifetime the
 * provider is asked what the attempt did before anything is sent again.
 */
export async function chargePledge(ctx: AppContext, limiter: RateLimiter, pledgeId: string): Promise<ChargeOutcome> {
  const found = await repo.pledgeForCharge(ctx.db, pledgeId);
  if (!found) return 'skipped';
  const { pledge } = found;
  if (pledge.status !== 'pending' && pledge.status !== 'failed') return 'skipped';
  const now = ctx.clock.now();
  const claim = await claimAttempt(ctx.db, pledgeId, pledge.retryCount, now);
  if (!claim?.claimed) {
    const sameAttempt = claim?.retryCount === pledge.retryCount && (claim.status === 'pending' || claim.status === 'failed');
    return sameAttempt && claimIsFresh(claim.previousStartedAt, now) ? 'in_flight' : 'skipped';
  }
  // A takeover: the attempt's key has been at the provider since its first claim.
  return chargeClaimedAttempt(ctx, limiter, found, claim.previousStartedAt ? claim.firstClaimedAt : null);
}

/**
 * Calls the provider for an attempt this caller claimed, and records the answer. `abandonedAt` is
 * the first claim of the attempt it took over (its outcome unknown), or null for a fresh attempt.
 */
export async function chargeClaimedAttempt(ctx: AppContext, limiter: RateLimiter, found: PledgeForCharge, abandonedAt: Date | null): Promise<ChargeOutcome> {
  let result: ProviderAnswer;
  try {
    result = await providerAnswer(ctx, limiter, found, abandonedAt);
  } catch (error) {
    // The answer is lost (a timeout, the provider down): the outcome stays unknown, but nobody is
    // waiting for it any more, so the next try may take the attempt over at once.
    await releaseClaim(ctx.db, found.pledge.id, found.pledge.retryCount, ctx.clock.now());
    throw error;
  }
  const outcome = await recordOutcome(ctx, found, result);
  if (outcome === 'skipped') return outcome;
  // After the commit, not inside it: of two last charges recording at once, each transaction would
  // still see the other's pledge pending and neither would finish the run. Whichever commits last
  // sees every other outcome here. (A crash right before this is finished by the money sweep.)
  if (found.pledge.chargeRunId) await repo.finishRunIfDone(ctx.db, found.pledge.chargeRunId, ctx.clock.now());
  notifyCampaignChanged(ctx, found.event.id);
  return outcome;
}

async function providerAnswer(ctx: AppContext, limiter: RateLimiter, found: PledgeForCharge, abandonedAt: Date | null): Promise<ProviderAnswer> {
  const { pledge, method, event } = found;
  const idempotencyKey = chargeAttemptKey(pledge);
  // Past the key's lifetime the provider would take the same key for a new charge: ask it first.
  if (abandonedAt && ctx.clock.now().getTime() - abandonedAt.getTime() >= ctx.payments.idempotencyKeyLifetimeMs) {
    const earlier = await ctx.payments.findCharge(idempotencyKey);
    if (earlier) return earlier;
  }
  if (!method || method.removedAt || method.provider !== ctx.payments.name) {
    return { ok: false, ref: `missing:${pledge.id}:${pledge.retryCount}`, code: 'card_missing', message: DECLINE_MESSAGES.card_missing };
  }
  await limiter.take();
  return ctx.payments.charge({
    customerRef: method.providerCustomerRef,
    methodRef: method.providerMethodRef,
    amountCents: pledgeChargeCents(pledge),
    idempotencyKey,
    description: `Pledge to ${event.name}`,
  });
}

/** Books the provider's answer under the pledge's row lock, once, and releases the claim. */
async function recordOutcome(ctx: AppContext, found: PledgeForCharge, result: ProviderAnswer): Promise<ChargeOutcome> {
  const { event } = found;
  const attempt = found.pledge.retryCount;
  const now = ctx.clock.now();
  const campaign = { id: event.id, name: event.name };
  let matchPledgeIds: string[] = [];
  const outcome = await ctx.db.transaction(async (tx): Promise<ChargeOutcome> => {
    const current = await repo.lockPledge(tx, found.pledge.id);
    /** The run's matches are fixed once its last supporter's pledge left `pending` (decision 109). */
    const finish = async (recorded: ChargeOutcome): Promise<ChargeOutcome> => {
      if (!current?.chargeRunId) return recorded;
      // Under the run's row lock, so the last supporter's outcome always sees every other one; the
      // run itself is finished after the commit (below), once its matches have joined it.
      if (current.status === 'pending' && current.kind === 'pledge') matchPledgeIds = await settleMatchesIfRunDone(ctx, tx, campaign, current.chargeRunId);
      return recorded;
    };
    // Another worker recorded this attempt already, or a newer attempt started.
    if (!current || current.retryCount !== attempt || (current.status !== 'pending' && current.status !== 'failed')) return 'skipped';
    if (current.status === 'failed' && current.providerChargeRef === result.ref) {
      // A taken-over retry whose decline was booked already: only its claim is left to release.
      if (current.attemptStartedAt) await repo.updatePledge(tx, current.id, noClaim);
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
      await ledgerRepository.post(tx, await chargePosting(tx, current, settled, { eventId: event.id, charityId: event.charityId, providerRef: result.ref }));
      await repo.updatePledge(tx, current.id, {
        status: 'charged',
        chargedCents: result.amountCents,
        cardFeeCents: result.feeCents,
        providerChargeRef: result.ref,
        chargedAt: now,
        failureReason: null,
        nextReminderAt: null,
        ...noClaim,
      });
      if (found.email) await ctx.mailer.send(receiptEmail(found.email, campaign, settled, current.kind, ctx.config.publicUrl), tx);
      return finish('charged');
    }
    const windowStart = current.failedAt ?? now;
    // A decline at or after the end of the 7-day window (the final retry) drops the pledge.
    if (current.failedAt && now.getTime() >= windowStart.getTime() + FAILED_WINDOW_MS) {
      await repo.updatePledge(tx, current.id, {
        status: 'dropped',
        failureReason: result.message,
        providerChargeRef: result.ref,
        nextReminderAt: null,
        ...noClaim,
      });
      if (found.email) await ctx.mailer.send(lifecycleEmails.dropped(found.email, campaign), tx);
      return finish('dropped');
    }
    await repo.updatePledge(tx, current.id, {
      status: 'failed',
      failureReason: result.message,
      providerChargeRef: result.ref,
      failedAt: windowStart,
      nextReminderAt: current.failedAt ? current.nextReminderAt : new Date(now.getTime() + REMINDER_INTERVAL_MS),
      ...noClaim,
    });
    if (found.email) await ctx.mailer.send(failedEmail(found.email, campaign, result.message, current.id, ctx.config.publicUrl), tx);
    return finish('failed');
  });
  if (matchPledgeIds.length)
    await ctx.jobs.sendMany(
      CHARGE_PLEDGE_QUEUE,
      matchPledgeIds.map((pledgeId) => ({ pledgeId })),
    );
  return outcome;
}
