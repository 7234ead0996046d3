import { closeRefundCents } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { ledgerRepository } from '../ledger/index.ts';
import { fundingRefundEntries } from '../ledger/index.ts';
import { ledgerKeys } from '../ledger/index.ts';
import { lifecycleEmails } from '../lifecycle/index.ts';
import { notifyCampaignChanged } from '../../lib/campaign-changed.ts';
import type { RefundReason } from '../lifecycle/index.ts';
import { pledgeChargeStateRepository } from '../pledges/index.ts';
import { chargingRepository as repo, type PledgeRow } from './repository.ts';
import { claimIsFresh, claimRefund, noClaim, releaseClaim } from './attempts.ts';

const REASON_TEXT: Record<RefundReason, string> = {
  delete: 'campaign deleted before approval',
  close: 'campaign closed',
  release: 'campaign missed its all-or-nothing target',
};

/**
 * What goes back to the card when the creator's funding is refunded (docs/product.md#campaign-life-cycle): in full
 * less the original card fee on delete or a missed all-or-nothing target; on close also less the
 * provider's refund fee and 5%. The close preview shows the creator this same figure before acting.
 */
export function fundingRefund(pledge: Pick<PledgeRow, 'chargedCents' | 'amountCents' | 'cardFeeCents'>, reason: RefundReason, closeRefundFeeCents: number) {
  const chargedCents = pledge.chargedCents ?? pledge.amountCents;
  const cardFee = pledge.cardFeeCents ?? 0;
  const refundFeeCents = reason === 'close' ? closeRefundFeeCents : 0;
  const refundCents =
    reason === 'close' ? closeRefundCents({ amountCents: chargedCents, originalCardFeeCents: cardFee, refundFeeCents }) : Math.max(0, chargedCents - cardFee);
  return { chargedCents, refundCents, refundFeeCents, keptCents: chargedCents - refundCents };
}

/** `in_flight`: another worker holds the refund's claim; it alone calls the provider. */
export type RefundOutcome = 'refunded' | 'skipped' | 'in_flight';

type FundingForRefund = NonNullable<Awaited<ReturnType<typeof repo.pledgeForCharge>>>;
type RefundAnswer = Awaited<ReturnType<AppContext['payments']['refund']>>;

/**
 * Refunds the creator's escrowed funding (docs/product.md#campaign-life-cycle): in full less the original card fee
 * on delete or a missed all-or-nothing target; on close also less the provider's refund fee and
 * 5%. The refund is claimed under the pledge's row lock before the provider is called (decision
 * 091), so of several jobs one calls the provider and the others answer `in_flight`; a claim whose
 * answer was lost is taken over with the same key, and past the key's lifetime the provider is asked
 * for the refund first.
 */
export async function refundFunding(ctx: AppContext, pledgeId: string, reason: RefundReason): Promise<RefundOutcome> {
  const found = await repo.pledgeForCharge(ctx.db, pledgeId);
  if (!found || !found.pledge.isCreatorPledge || found.pledge.status !== 'charged' || !found.pledge.providerChargeRef) return 'skipped';
  const now = ctx.clock.now();
  const claim = await claimRefund(ctx.db, pledgeId, now);
  if (!claim?.claimed) return claim?.status === 'charged' && claimIsFresh(claim.previousStartedAt, now) ? 'in_flight' : 'skipped';
  const amounts = fundingRefund(found.pledge, reason, ctx.config.refundFeeCents);
  let refund: RefundAnswer | undefined;
  try {
    // A takeover: the refund's key has been at the provider since its first claim.
    refund = amounts.refundCents > 0 ? await providerRefund(ctx, found, amounts.refundCents, claim.previousStartedAt ? claim.firstClaimedAt : null) : undefined;
  } catch (error) {
    // The answer is lost or refused: the next try may take the refund over at once.
    await releaseClaim(ctx.db, pledgeId, found.pledge.retryCount, ctx.clock.now());
    throw error;
  }
  const done = await recordRefund(ctx, found, reason, amounts, refund);
  if (done) notifyCampaignChanged(ctx, found.event.id);
  return done ? 'refunded' : 'skipped';
}

/** Sends the refund, or past the key's lifetime first asks the provider whether it was made already. */
async function providerRefund(ctx: AppContext, found: FundingForRefund, refundCents: number, abandonedAt: Date | null): Promise<RefundAnswer> {
  const chargeRef = found.pledge.providerChargeRef!;
  const idempotencyKey = ledgerKeys.fundingRefund(found.pledge.id);
  if (abandonedAt && ctx.clock.now().getTime() - abandonedAt.getTime() >= ctx.payments.idempotencyKeyLifetimeMs) {
    const earlier = await ctx.payments.findRefund({ chargeRef, idempotencyKey });
    // The books must hold what the provider returned, to the cent: a refund of another amount (the
    // campaign's outcome changed since) is left to an admin, never booked as this one.
    if (earlier && earlier.amountCents !== refundCents) {
      throw new AppError('REFUND_AMOUNT_MISMATCH', `The provider's refund ${earlier.ref} is not the amount this refund owes`, 502);
    }
    if (earlier) return earlier;
  }
  return ctx.payments.refund({ chargeRef, amountCents: refundCents, idempotencyKey });
}

/** Books the refund under the pledge's row lock, once, clears the claim and tells the creator. */
function recordRefund(
  ctx: AppContext,
  found: FundingForRefund,
  reason: RefundReason,
  amounts: ReturnType<typeof fundingRefund>,
  refund: RefundAnswer | undefined,
): Promise<boolean> {
  const { pledge, event } = found;
  const { chargedCents: charged, refundCents, refundFeeCents: refundFee } = amounts;
  const cardFee = pledge.cardFeeCents ?? 0;
  return ctx.db.transaction(async (tx) => {
    const current = await repo.lockPledge(tx, pledge.id);
    if (!current || current.status !== 'charged') return false;
    await ledgerRepository.post(tx, {
      kind: 'funding_refund',
      idempotencyKey: ledgerKeys.fundingRefund(pledge.id),
      pledgeId: pledge.id,
      eventId: event.id,
      providerRef: refund?.ref ?? null,
      memo: { reason, refundCents, refundFeeCents: refundFee },
      entries: fundingRefundEntries({ escrowCents: charged - cardFee, refundCents, refundFeeCents: refundFee, eventId: event.id }),
    });
    await pledgeChargeStateRepository.update(tx, pledge.id, { status: 'refunded', ...noClaim });
    if (found.email) {
      await ctx.mailer.send(
        lifecycleEmails.refunded(
          found.email,
          { id: event.id, name: event.name },
          { refundCents, chargedCents: charged, keptCents: charged - refundCents, reason: REASON_TEXT[reason] },
        ),
        tx,
      );
    }
    return true;
  });
}
