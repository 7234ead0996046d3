import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  dollarsToCents,
  EVENT_MESSAGES,
  formatCents,
  PLEDGE_FORM_MESSAGES,
  pledgingClosedAtDeadline,
  pledgingNotYetOpen,
  quotePledge,
  type CreatePledgeRequest,
  type PledgeResponse,
} from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { paymentMethodRecords } from '../payment-methods/service.ts';
import { promotionRecords } from '../promotions/service.ts';
import { usersService } from '../users/service.ts';
import { pledgesRepository as repo, type CampaignRow, type PledgeRow } from './pledge-repository.ts';
import { toPledgeResponse } from './pledge-response.ts';
import { pledgeReceipt } from './receipt.ts';

export const PLEDGE_RULE_MESSAGES = {
  chooseOption: 'Choose the option you are pledging to',
  unknownOption: 'This option is not part of the campaign',
  /** `{amount}` is the runoff's fixed amount in dollars. */
  fixedAmount: 'Pledges to this runoff are exactly {amount}',
  requestKeyReused: 'This Idempotency-Key was already used for a different pledge',
} as const;

/**
 * Refuses a campaign that is not live (DESIGN.md section 4): only approved campaigns take pledges,
 * a scheduled one only from its start date, and a deadline kind only until its deadline.
 */
function assertLive(campaign: CampaignRow, now: Date) {
  if (campaign.status === 'approved') {
    const notYetOpen = pledgingNotYetOpen(campaign.startDate, now);
    if (notYetOpen) throw AppError.conflict('PLEDGING_NOT_OPEN', notYetOpen);
    // Between a Money Bomb's or Crowdfunding's deadline and the job's next tick, pledging is already closed.
    const closed = pledgingClosedAtDeadline(campaign, now);
    if (closed) throw AppError.conflict('PLEDGING_CLOSED', closed);
    return;
  }
  if (campaign.status === 'freeze') throw AppError.conflict('EVENT_FROZEN', PLEDGE_FORM_MESSAGES.frozen);
  throw AppError.conflict('EVENT_NOT_LIVE', PLEDGE_FORM_MESSAGES.notLive);
}

function assertAmountAllowed(campaign: CampaignRow, amountCents: number) {
  if (campaign.donationLimitCents !== null && amountCents > campaign.donationLimitCents) {
    const message = PLEDGE_FORM_MESSAGES.overDonationLimit.replace('{limit}', formatCents(campaign.donationLimitCents, { whole: true }));
    throw AppError.validation({ amount: message });
  }
  if (campaign.kind === 'runoff' && campaign.runoffWinBy === 'donor_total' && campaign.runoffFixedAmountCents !== null) {
    if (amountCents !== campaign.runoffFixedAmountCents) {
      throw AppError.validation({ amount: PLEDGE_RULE_MESSAGES.fixedAmount.replace('{amount}', formatCents(campaign.runoffFixedAmountCents)) });
    }
  }
}

export function createPledgeService(ctx: AppContext, log: FastifyBaseLogger) {
  const { db } = ctx;

  /** The same request sent again answers the first pledge, if it is the same pledge. */
  async function replay(existing: PledgeRow, eventId: string, amountCents: number): Promise<PledgeResponse> {
    if (existing.eventId !== eventId || existing.amountCents !== amountCents) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', PLEDGE_RULE_MESSAGES.requestKeyReused, 422);
    }
    return toPledgeResponse(existing);
  }

  async function sendReceipt(userId: string, campaign: CampaignRow, card: { brand: string; last4: string }, pledge: PledgeResponse) {
    try {
      const user = await usersService.findById(db, userId);
      if (!user) return;
      await ctx.mailer.send(
        pledgeReceipt({
          to: user.email,
          supporterName: user.name,
          campaignName: campaign.name,
          campaignUrl: `${ctx.config.publicUrl}/events/${campaign.id}`,
          card,
          pledge,
        }),
      );
    } catch (error) {
      // The pledge is saved; a receipt that could not be queued must not turn it into an error.
      log.error({ err: error, pledgeId: pledge._id }, 'pledge receipt not queued');
    }
  }

  return {
    /**
     * Saves a pending pledge with its fees fixed now; the card is kept for the charge at completion
     * and is not charged here.
     */
    async create(userId: string, eventId: string, input: CreatePledgeRequest, requestKey?: string): Promise<{ pledge: PledgeResponse; created: boolean }> {
      const amountCents = dollarsToCents(input.amount);
      if (requestKey) {
        const existing = await repo.findByRequestKey(db, userId, requestKey);
        if (existing) return { pledge: await replay(existing, eventId, amountCents), created: false };
      }
      const card = await paymentMethodRecords.findActive(db, userId, input.payment_method_id);
      if (!card) throw AppError.validation({ payment_method_id: PLEDGE_FORM_MESSAGES.paymentMethodRequired });

      const outcome = await db.transaction(async (tx) => {
        const campaign = await repo.lockCampaign(tx, eventId);
        if (!campaign) throw AppError.notFound(EVENT_MESSAGES.eventNotFound);
        assertLive(campaign, ctx.clock.now());
        assertAmountAllowed(campaign, amountCents);
        let participantId: string | null = null;
        if (campaign.kind === 'runoff') {
          if (!input.participant_id) throw AppError.validation({ participant_id: PLEDGE_RULE_MESSAGES.chooseOption });
          if (!(await repo.participantOf(tx, eventId, input.participant_id))) throw AppError.validation({ participant_id: PLEDGE_RULE_MESSAGES.unknownOption });
          participantId = input.participant_id;
        }
        const quote = quotePledge({ amountCents, tipPercent: input.tip_percent, coverFees: input.cover_fees, isCreator: campaign.ownerId === userId });
        const row = await repo.insert(tx, {
          eventId,
          userId,
          participantId,
          paymentMethodId: card.id,
          amountCents,
          tipCents: quote.tipCents,
          coverFees: input.cover_fees,
          platformFeeCents: quote.platformFeeCents,
          coverCents: quote.coverCents,
          anonymous: input.anonymous,
          message: input.message,
          notifyUpdates: input.notify_updates,
          status: 'pending',
          // The key the charge will be made with, so the pledge is never charged twice.
          idempotencyKey: `pledge_${randomUUID()}`,
          requestKey: requestKey ?? null,
        });
        // Third-Party Promotion: a pledge through a promoter's link is credited to them; money is unchanged.
        if (row) await promotionRecords.credit(tx, { via: input.via, pledgeId: row.id, eventId, userId });
        return { campaign, row };
      });

      if (!outcome.row) {
        // A concurrent request with the same key committed first.
        const existing = await repo.findByRequestKey(db, userId, requestKey!);
        return { pledge: await replay(existing!, eventId, amountCents), created: false };
      }
      const pledge = toPledgeResponse(outcome.row);
      await ctx.live.publish(eventId);
      await sendReceipt(userId, outcome.campaign, card, pledge);
      return { pledge, created: true };
    },
  };
}
