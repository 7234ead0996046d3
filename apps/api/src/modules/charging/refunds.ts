import { closeRefundCents } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { ledgerRepository } from '../ledger/repository.ts';
import { fundingRefundEntries } from '../ledger/postings.ts';
import { lifecycleEmails } from '../lifecycle/emails.ts';
import { notifyCampaignChanged } from '../lifecycle/notify.ts';
import type { RefundReason } from '../lifecycle/service.ts';
import { chargingRepository as repo, type PledgeRow } from './repository.ts';

const REASON_TEXT: Record<RefundReason, string> = {
  delete: 'campaign deleted before approval',
  close: 'campaign closed',
  release: 'campaign missed its all-or-nothing target',
};

/**
 * What goes back to the card when the creator's funding is refunded (DESIGN.md section 4): in full
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

/**
 * Refunds the creator's escrowed funding (DESIGN.md section 4): in full less the original card fee
 * on delete or a missed all-or-nothing target; on close also less the provider's refund fee and
 * 5%. The provider's idempotency key makes a repeated or crashed run refund once.
 */
export async function refundFunding(ctx: AppContext, pledgeId: string, reason: RefundReason): Promise<'refunded' | 'skipped'> {
  const found = await repo.pledgeForCharge(ctx.db, pledgeId);
  if (!found || !found.pledge.isCreatorPledge || found.pledge.status !== 'charged' || !found.pledge.providerChargeRef) return 'skipped';
  const { pledge, event } = found;
  const { chargedCents: charged, refundCents, refundFeeCents: refundFee } = fundingRefund(pledge, reason, ctx.config.refundFeeCents);
  const cardFee = pledge.cardFeeCents ?? 0;
  const idempotencyKey = `funding-refund:${pledge.id}`;
  const refund = refundCents > 0 ? await ctx.payments.refund({ chargeRef: pledge.providerChargeRef!, amountCents: refundCents, idempotencyKey }) : undefined;

  const done = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockPledge(tx, pledgeId);
    if (!current || current.status !== 'charged') return false;
    await ledgerRepository.post(tx, {
      kind: 'funding_refund',
      idempotencyKey,
      pledgeId,
      eventId: event.id,
      providerRef: refund?.ref ?? null,
      memo: { reason, refundCents, refundFeeCents: refundFee },
      entries: fundingRefundEntries({ escrowCents: charged - cardFee, refundCents, refundFeeCents: refundFee, eventId: event.id }),
    });
    await repo.updatePledge(tx, pledgeId, { status: 'refunded' });
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
  if (done) notifyCampaignChanged(ctx, event.id);
  return done ? 'refunded' : 'skipped';
}
