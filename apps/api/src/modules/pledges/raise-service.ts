import {
  centsToDollars,
  dollarsToCents,
  formatCents,
  PLEDGE_FORM_MESSAGES,
  quotePledge,
  RAISE_MESSAGES,
  type PledgeResponse,
  type RaisePledgeRequest,
} from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { usersService } from '../users/index.ts';
import { eventRecords, type CampaignRow } from '../event-records/index.ts';
import type { PledgeRow } from './pledge-repository.ts';
import { toPledgeResponse } from './pledge-response.ts';
import { raiseReceipt } from './receipt.ts';
import { raiseRepository as repo, type PledgeRaiseRow } from './raise-repository.ts';
import { raiseRefusal } from './raise-rules.ts';

export interface RaiseOutcome {
  pledge: PledgeResponse;
  previousAmount: number;
  /** False when the same Idempotency-Key was sent again: the first raise is answered, nothing changes. */
  raised: boolean;
}

/** The amount rules of the new figure: higher than now, and within the campaign's donation limit. */
function assertNewAmount(pledge: PledgeRow, campaign: CampaignRow, amountCents: number): void {
  if (amountCents <= pledge.amountCents) {
    throw AppError.validation({ amount: RAISE_MESSAGES.notHigher.replace('{amount}', formatCents(pledge.amountCents)) });
  }
  if (campaign.donationLimitCents !== null && amountCents > campaign.donationLimitCents) {
    throw AppError.validation({ amount: PLEDGE_FORM_MESSAGES.overDonationLimit.replace('{limit}', formatCents(campaign.donationLimitCents, { whole: true })) });
  }
}

/** A retried request answers the raise it made, if it asked for the same amount. */
function replay(existing: PledgeRaiseRow, current: PledgeRow, amountCents: number): RaiseOutcome {
  if (existing.toAmountCents !== amountCents) throw new AppError('IDEMPOTENCY_KEY_REUSED', RAISE_MESSAGES.requestKeyReused, 422);
  return { pledge: toPledgeResponse(current), previousAmount: centsToDollars(existing.fromAmountCents), raised: false };
}

/**
 * Bidding Power: a supporter raises their own pending pledge. A read-check-write on one pledge row:
 * the campaign is share-locked as a new pledge does (a status change such as completion waits), and
 * the pledge row is locked for update (a concurrent raise waits and then sees the new amount). The
 * ledger is not touched: a pledge is not money until it is charged (docs/money.md).
 */
export function createRaiseService(ctx: AppContext) {
  const { db } = ctx;

  async function writeRaise(tx: Executor, pledge: PledgeRow, campaign: CampaignRow, input: RaisePledgeRequest, requestKey: string | undefined) {
    const amountCents = dollarsToCents(input.amount);
    const quote = quotePledge({ amountCents, tipPercent: input.tip_percent, coverFees: input.cover_fees, isCreator: campaign.ownerId === pledge.userId });
    const updated = await repo.setFigures(tx, pledge.id, {
      amountCents,
      tipCents: quote.tipCents,
      platformFeeCents: quote.platformFeeCents,
      coverCents: quote.coverCents,
      coverFees: input.cover_fees,
    });
    await repo.insertRaise(tx, {
      pledgeId: pledge.id,
      requestKey: requestKey ?? null,
      fromAmountCents: pledge.amountCents,
      toAmountCents: amountCents,
      fromTipCents: pledge.tipCents,
      toTipCents: quote.tipCents,
      fromPlatformFeeCents: pledge.platformFeeCents,
      toPlatformFeeCents: quote.platformFeeCents,
      fromCoverCents: pledge.coverCents,
      toCoverCents: quote.coverCents,
      coverFees: input.cover_fees,
    });
    const response = toPledgeResponse(updated);
    const previousAmount = centsToDollars(pledge.amountCents);
    const user = pledge.userId ? await usersService.findById(tx, pledge.userId) : undefined;
    if (user) {
      const campaignUrl = `${ctx.config.publicUrl}/events/${campaign.id}`;
      // In the raise's transaction: the e-mail exists exactly when the raise does.
      await ctx.mailer.send(
        raiseReceipt({ to: user.email, supporterName: user.name, campaignName: campaign.name, campaignUrl, previousAmount, pledge: response }),
        tx,
      );
    }
    return { pledge: response, previousAmount, raised: true };
  }

  return {
    async raise(userId: string, pledgeId: string, input: RaisePledgeRequest, requestKey?: string): Promise<RaiseOutcome> {
      const amountCents = dollarsToCents(input.amount);
      const found = await repo.findPledge(db, pledgeId);
      if (!found || found.userId !== userId) throw AppError.notFound(RAISE_MESSAGES.notFound);

      const outcome = await db.transaction(async (tx) => {
        const campaign = await eventRecords.lock(tx, found.eventId, 'share');
        const pledge = await repo.lockPledge(tx, pledgeId);
        if (!campaign || !pledge || pledge.userId !== userId) throw AppError.notFound(RAISE_MESSAGES.notFound);
        // Read under the lock: a concurrent retry of this request has committed by now, or waits for this one.
        const earlier = requestKey ? await repo.findByRequestKey(tx, pledgeId, requestKey) : undefined;
        if (earlier) return replay(earlier, pledge, amountCents);
        const refusal = raiseRefusal(pledge, campaign, ctx.clock.now());
        if (refusal) throw AppError.conflict(refusal.code, refusal.message);
        assertNewAmount(pledge, campaign, amountCents);
        return writeRaise(tx, pledge, campaign, input, requestKey);
      });
      if (outcome.raised) await ctx.live.publish(found.eventId);
      return outcome;
    },
  };
}
