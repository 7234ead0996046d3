import { settlePledge } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { DECLINE_MESSAGES } from '../../providers/payments/index.ts';
import { ledgerRepository } from '../ledger/repository.ts';
import { pledgeChargeEntries } from '../ledger/postings.ts';
import { lifecycleEmails } from '../lifecycle/emails.ts';
import { notifyCampaignChanged } from '../lifecycle/notify.ts';
import { chargingRepository as repo, type PledgeRow } from './repository.ts';
import type { RateLimiter } from './rate-limiter.ts';

export const CHARGE_PLEDGE_QUEUE = 'charge-pledge';
/** A failed charge's window (DESIGN.md section 4): reminders every 48 hours for 7 days. */
export const FAILED_WINDOW_MS = 7 * 86_400_000;
export const REMINDER_INTERVAL_MS = 48 * 3_600_000;

/** The provider's idempotency key of one charge attempt: the same attempt is never charged twice. */
export function chargeAttemptKey(pledge: Pick<PledgeRow, 'idempotencyKey' | 'retryCount'>): string {
  return `${pledge.idempotencyKey}:charge:${pledge.retryCount}`;
}

export type ChargeOutcome = 'charged' | 'failed' | 'dropped' | 'skipped';

/** The donor's receipt of a charged pledge, with the split the ledger recorded. */
function receiptEmail(email: string, campaign: { id: string; name: string }, settled: ReturnType<typeof settlePledge>) {
  return lifecycleEmails.chargeReceipt(email, campaign, {
    amountCents: settled.amountCents,
    tipCents: settled.tipCents,
    coverCents: settled.coverCents,
    platformFeeCents: settled.platformFeeCents,
    cardFeeCents: settled.cardFeeCents,
    totalCents: settled.totalCents,
    netCents: settled.netToCharityCents,
  });
}

/** What the card is charged for a pledge: the pledge, its tip and what the donor added to cover the fees. */
export function pledgeChargeCents(pledge: { amountCents: number; tipCents: number; coverCents: number }): number {
  return pledge.amountCents + pledge.tipCents + pledge.coverCents;
}

/**
 * Charges one pledge (pledge + tip + cover) with its attempt's idempotency key, then records the
 * outcome under the pledge's row lock. Safe to run any number of times, at once on several
 * workers, or again after a crash between the provider's charge and the database update: the
 * provider answers a repeated key with the first charge, and an outcome already recorded is kept.
 */
export async function chargePledge(ctx: AppContext, limiter: RateLimiter, pledgeId: string): Promise<ChargeOutcome> {
  const found = await repo.pledgeForCharge(ctx.db, pledgeId);
  if (!found) return 'skipped';
  const { pledge, method, event } = found;
  if (pledge.status !== 'pending' && pledge.status !== 'failed') return 'skipped';
  const attempt = pledge.retryCount;
  const total = pledgeChargeCents(pledge);

  let result: Awaited<ReturnType<AppContext['payments']['charge']>>;
  if (!method || method.removedAt || method.provider !== ctx.payments.name) {
    result = { ok: false, ref: `missing:${pledge.id}:${attempt}`, code: 'card_missing', message: DECLINE_MESSAGES.card_missing };
  } else {
    await limiter.take();
    result = await ctx.payments.charge({
      customerRef: method.providerCustomerRef,
      methodRef: method.providerMethodRef,
      amountCents: total,
      idempotencyKey: chargeAttemptKey(pledge),
      description: `Pledge to ${event.name}`,
    });
  }

  const now = ctx.clock.now();
  const campaign = { id: event.id, name: event.name };
  const outcome = await ctx.db.transaction(async (tx): Promise<ChargeOutcome> => {
    const current = await repo.lockPledge(tx, pledgeId);
    // Another worker recorded this attempt already, or a newer attempt started.
    if (!current || current.retryCount !== attempt || (current.status !== 'pending' && current.status !== 'failed')) return 'skipped';
    if (current.status === 'failed' && current.providerChargeRef === result.ref) return 'skipped';
    if (result.ok) {
      const settled = settlePledge({
        amountCents: current.amountCents,
        tipCents: current.tipCents,
        platformFeeCents: current.platformFeeCents,
        coverCents: current.coverCents,
        chargedCents: result.amountCents,
        cardFeeCents: result.feeCents,
      });
      await ledgerRepository.post(tx, {
        kind: 'pledge_charge',
        idempotencyKey: `pledge-charge:${current.id}`,
        pledgeId: current.id,
        eventId: event.id,
        providerRef: result.ref,
        entries: pledgeChargeEntries(settled, { eventId: event.id, charityId: event.charityId }),
      });
      await repo.updatePledge(tx, current.id, {
        status: 'charged',
        chargedCents: result.amountCents,
        cardFeeCents: result.feeCents,
        providerChargeRef: result.ref,
        chargedAt: now,
        failureReason: null,
        nextReminderAt: null,
      });
      if (found.email) await ctx.mailer.send(receiptEmail(found.email, campaign, settled), tx);
      if (current.chargeRunId) await repo.finishRunIfDone(tx, current.chargeRunId, now);
      return 'charged';
    }
    const windowStart = current.failedAt ?? now;
    // A decline at or after the end of the 7-day window (the final retry) drops the pledge.
    if (current.failedAt && now.getTime() >= windowStart.getTime() + FAILED_WINDOW_MS) {
      await repo.updatePledge(tx, current.id, { status: 'dropped', failureReason: result.message, providerChargeRef: result.ref, nextReminderAt: null });
      if (found.email) await ctx.mailer.send(lifecycleEmails.dropped(found.email, campaign), tx);
      if (current.chargeRunId) await repo.finishRunIfDone(tx, current.chargeRunId, now);
      return 'dropped';
    }
    await repo.updatePledge(tx, current.id, {
      status: 'failed',
      failureReason: result.message,
      providerChargeRef: result.ref,
      failedAt: windowStart,
      nextReminderAt: current.failedAt ? current.nextReminderAt : new Date(now.getTime() + REMINDER_INTERVAL_MS),
    });
    if (found.email) await ctx.mailer.send(lifecycleEmails.chargeFailed(found.email, campaign, result.message, ctx.config.publicUrl, false), tx);
    if (current.chargeRunId) await repo.finishRunIfDone(tx, current.chargeRunId, now);
    return 'failed';
  });
  if (outcome !== 'skipped') notifyCampaignChanged(ctx, event.id);
  return outcome;
}
