import type { AppContext } from '../../context.ts';
import { DECLINE_MESSAGES } from '../../providers/payments/index.ts';
import { waitsForBank } from '../pledges/index.ts';
import { notifyCampaignChanged } from '../../lib/campaign-changed.ts';
import { chargingRepository as repo, type PledgeRow } from './repository.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { claimAttempts, claimIsFresh, releaseClaim } from './attempts.ts';
import { recordOutcomes, type ChargeOutcome, type PledgeForCharge, type ProviderAnswer } from './record-outcomes.ts';

export { FAILED_WINDOW_MS, REMINDER_INTERVAL_MS, type ChargeOutcome } from './record-outcomes.ts';

export const CHARGE_PLEDGE_QUEUE = 'charge-pledge';
/**
 * A charge run's jobs are fetched CHARGE_BATCH at a time by CHARGE_WORKERS workers per instance, so
 * up to 64 charges are in flight: enough to keep a provider answering in about 400 ms at its
 * 100 requests a second, while the rate limiter, not the pool, spaces the requests (decision 107).
 * A batch is read, claimed and booked together (decision 117).
 */
export const CHARGE_BATCH = 16;
export const CHARGE_WORKERS = 4;

/** The provider's idempotency key of one charge attempt: the same attempt is never charged twice. */
export function chargeAttemptKey(pledge: Pick<PledgeRow, 'idempotencyKey' | 'retryCount'>): string {
  return `${pledge.idempotencyKey}:charge:${pledge.retryCount}`;
}

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
  const [result] = await chargePledges(ctx, limiter, [pledgeId]);
  if (result!.status === 'rejected') throw result!.reason;
  return result!.value;
}

/**
 * Charges a batch of pledges as `chargePledge` charges one, with one read, one claim statement and
 * one booking transaction for the whole batch (decision 117); the provider is called for the claimed
 * attempts at once. Each pledge's result is its own, in the order of `pledgeIds`: a provider error
 * rejects that pledge only. A pledge named twice is charged once (the second answers `skipped`).
 */
export async function chargePledges(ctx: AppContext, limiter: RateLimiter, pledgeIds: string[]): Promise<PromiseSettledResult<ChargeOutcome>[]> {
  const distinct = [...new Set(pledgeIds)];
  const found = await repo.pledgesForCharge(ctx.db, distinct);
  const chargeable = distinct.flatMap((id) => {
    const pledge = found.get(id);
    return pledge && (pledge.pledge.status === 'pending' || pledge.pledge.status === 'failed') ? [pledge] : [];
  });
  const now = ctx.clock.now();
  const claims = await claimAttempts(
    ctx.db,
    chargeable.map(({ pledge }) => ({ pledgeId: pledge.id, attempt: pledge.retryCount })),
    now,
  );
  const results = new Map<string, PromiseSettledResult<ChargeOutcome>>();
  const claimed: { found: PledgeForCharge; abandonedAt: Date | null }[] = [];
  for (const candidate of chargeable) {
    const { pledge } = candidate;
    const claim = claims.get(pledge.id);
    if (claim?.claimed) {
      // A takeover: the attempt's key has been at the provider since its first claim.
      claimed.push({ found: candidate, abandonedAt: claim.previousStartedAt ? claim.firstClaimedAt : null });
      continue;
    }
    const sameAttempt = claim?.retryCount === pledge.retryCount && (claim.status === 'pending' || claim.status === 'failed');
    results.set(pledge.id, { status: 'fulfilled', value: sameAttempt && claimIsFresh(claim.previousStartedAt, now) ? 'in_flight' : 'skipped' });
  }
  for (const [id, result] of await chargeClaimedAttempts(ctx, limiter, claimed)) results.set(id, result);
  const answered = new Set<string>();
  return pledgeIds.map((id) => {
    const result = answered.has(id) ? undefined : results.get(id);
    answered.add(id);
    return result ?? { status: 'fulfilled', value: 'skipped' };
  });
}

/**
 * Calls the provider for an attempt this caller claimed, and records the answer. `abandonedAt` is
 * the first claim of the attempt it took over (its outcome unknown), or null for a fresh attempt.
 */
export async function chargeClaimedAttempt(ctx: AppContext, limiter: RateLimiter, found: PledgeForCharge, abandonedAt: Date | null): Promise<ChargeOutcome> {
  const result = (await chargeClaimedAttempts(ctx, limiter, [{ found, abandonedAt }])).get(found.pledge.id)!;
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/** The provider called for each claimed attempt at once, then every answer booked in one transaction. */
async function chargeClaimedAttempts(
  ctx: AppContext,
  limiter: RateLimiter,
  claimed: { found: PledgeForCharge; abandonedAt: Date | null }[],
): Promise<Map<string, PromiseSettledResult<ChargeOutcome>>> {
  const results = new Map<string, PromiseSettledResult<ChargeOutcome>>();
  if (!claimed.length) return results;
  // Which instance charged what: an operator (and the shared-rate test) reads it from the logs.
  ctx.log.info({ pledges: claimed.length }, 'charging a batch at the provider');
  const answers = await Promise.allSettled(claimed.map(({ found, abandonedAt }) => providerAnswer(ctx, limiter, found, abandonedAt)));
  const answered: { found: PledgeForCharge; result: ProviderAnswer }[] = [];
  await Promise.all(
    answers.map(async (answer, nth) => {
      const { found } = claimed[nth]!;
      if (answer.status === 'fulfilled') return answered.push({ found, result: answer.value });
      results.set(found.pledge.id, answer);
      // The answer is lost (a timeout, the provider down): the outcome stays unknown, but nobody is
      // waiting for it any more, so the next try may take the attempt over at once.
      await releaseClaim(ctx.db, found.pledge.id, found.pledge.retryCount, ctx.clock.now());
    }),
  );
  for (const [id, result] of await recordAnswers(ctx, answered)) results.set(id, result);
  return results;
}

/**
 * Books provider answers of claimed attempts (or of a charge the supporter confirmed with their
 * bank, decision 260) in one transaction, then queues the matches they let in, finishes their runs
 * and tells their campaigns' live pages. Each pledge's result is its own.
 */
export async function recordAnswers(
  ctx: AppContext,
  answered: { found: PledgeForCharge; result: ProviderAnswer }[],
): Promise<Map<string, PromiseSettledResult<ChargeOutcome>>> {
  const results = new Map<string, PromiseSettledResult<ChargeOutcome>>();
  if (!answered.length) return results;
  let recorded: Awaited<ReturnType<typeof recordOutcomes>>;
  try {
    recorded = await recordOutcomes(ctx, answered);
  } catch (error) {
    // Nothing of the batch was booked; each job is retried and takes its attempt over with its key.
    for (const { found } of answered) results.set(found.pledge.id, { status: 'rejected', reason: error });
    return results;
  }
  if (recorded.matchPledgeIds.length)
    await ctx.jobs.sendMany(
      CHARGE_PLEDGE_QUEUE,
      recorded.matchPledgeIds.map((pledgeId) => ({ pledgeId })),
    );
  const runs = new Set<string>();
  const campaigns = new Set<string>();
  for (const { found } of answered) {
    const outcome = recorded.outcomes.get(found.pledge.id)!;
    results.set(found.pledge.id, { status: 'fulfilled', value: outcome });
    if (outcome === 'skipped') continue;
    if (found.pledge.chargeRunId) runs.add(found.pledge.chargeRunId);
    campaigns.add(found.event.id);
  }
  // After the commit, not inside it: of two last charges recording at once, each transaction would
  // still see the other's pledge pending and neither would finish the run. Whichever commits last
  // sees every other outcome here. (A crash right before this is finished by the money sweep.)
  for (const runId of runs) await repo.finishRunIfDone(ctx.db, runId, ctx.clock.now());
  for (const eventId of campaigns) notifyCampaignChanged(ctx, eventId);
  return results;
}

async function providerAnswer(ctx: AppContext, limiter: RateLimiter, found: PledgeForCharge, abandonedAt: Date | null): Promise<ProviderAnswer> {
  const { pledge, method, event } = found;
  const idempotencyKey = chargeAttemptKey(pledge);
  // Past the key's lifetime the provider would take the same key for a new charge: ask it first.
  if (abandonedAt && ctx.clock.now().getTime() - abandonedAt.getTime() >= ctx.payments.idempotencyKeyLifetimeMs) {
    const earlier = await ctx.payments.findCharge(idempotencyKey);
    if (earlier) return earlier;
  }
  // A new attempt after one the bank asked the supporter to authenticate: that charge is closed
  // first, so a confirmation still open in a browser cannot take money too; if the supporter
  // confirmed it already, it is this attempt's answer and nothing new is sent (decision 260).
  if (waitsForBank(pledge)) {
    const waiting = await ctx.payments.closeWaitingCharge(pledge.providerChargeRef!);
    if (waiting.ok) return waiting;
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
