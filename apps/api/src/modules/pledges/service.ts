import {
  centsToDollars,
  EMAIL_SHARING_MESSAGES,
  tipPercentOf,
  type MyPledgeResponse,
  type PledgeEmailSharingRequest,
  type PledgeRaiseOffer,
  type PledgeStats,
} from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isCountedPledge, totalsFor } from '../event-reads/totals-and-summaries.ts';
import { ledgerRepository } from '../ledger/repository.ts';
import { payoutRecords } from '../payouts/service.ts';
import type { CampaignRow } from '../event-records/service.ts';
import { pledgesRepository, type PledgeRow } from './pledge-repository.ts';
import { maxRaiseCents, raiseRefusal } from './raise-rules.ts';
import { myPledgesRepository } from './repository.ts';
import { creatorFundingRepository } from './creator-funding-repository.ts';
import { pledgeChargeStateRepository } from './charge-state-repository.ts';
import { matchPledgeRepository } from './match-pledge-repository.ts';

export type { CreatorFundingPledge } from './creator-funding-repository.ts';
export type { ClaimKind, LockedClaim } from './charge-state-repository.ts';
import { pledgeStatusRepository } from './status-repository.ts';

/** A pledge's campaign shows "Charity" when it has no categories (docs/product.md#3-data). */
const DEFAULT_PLEDGE_CATEGORY = 'Charity';

/** What the raise dialog starts from, and whether "Raise my pledge" is offered (Bidding Power). */
function raiseOffer(pledge: PledgeRow, event: CampaignRow, charityName: string | null, now: Date): PledgeRaiseOffer {
  const refusal = raiseRefusal(pledge, event, now);
  return {
    allowed: refusal === null,
    refusal: refusal?.shown ? refusal.message : null,
    max_amount: centsToDollars(maxRaiseCents(event)),
    tip_percent: tipPercentOf(pledge.amountCents, pledge.tipCents),
    cover_fees: pledge.coverFees,
    is_creator: event.ownerId === pledge.userId,
    charity_name: charityName,
  };
}

export function createMyPledgesService(ctx: AppContext) {
  return {
    /**
     * The supporter changes whom this pledge shares their e-mail with (decision 183). Exports and
     * webhook payloads read the choice when they are made, so it counts from the next one.
     */
    async setEmailSharing(userId: string, pledgeId: string, input: PledgeEmailSharingRequest) {
      const row = await myPledgesRepository.setEmailSharing(ctx.db, userId, pledgeId, {
        shareEmailWithHost: input.share_email_with_host,
        shareEmailWithCharity: input.share_email_with_charity,
      });
      if (!row) throw AppError.notFound(EMAIL_SHARING_MESSAGES.pledgeNotFound);
      return { _id: row.id, share_email_with_host: row.shareEmailWithHost, share_email_with_charity: row.shareEmailWithCharity };
    },

    async list(userId: string): Promise<{ pledges: MyPledgeResponse[]; stats: PledgeStats }> {
      const rows = await myPledgesRepository.listForUser(ctx.db, userId);
      const totals = await totalsFor(ctx.db, [...new Set(rows.map((row) => row.event.id))]);
      const refunded = await ledgerRepository.refundedCentsByPledge(
        ctx.db,
        rows.filter((row) => row.pledge.status === 'refunded').map((row) => row.pledge.id),
      );
      const passedOn = await payoutRecords.pledgesPassedOn(
        ctx.db,
        rows.filter((row) => row.pledge.status === 'charged').map((row) => row.pledge.id),
      );
      const counted = rows.filter((row) => isCountedPledge(row.pledge));
      const totalPledgedCents = counted.reduce((sum, row) => sum + row.pledge.amountCents, 0);
      const now = ctx.clock.now();
      return {
        pledges: rows.map(({ pledge, event, charityName }) => ({
          _id: pledge.id,
          kind: pledge.kind,
          amount: centsToDollars(pledge.amountCents),
          tip: centsToDollars(pledge.tipCents),
          status: pledge.status,
          failure_reason: pledge.failureReason,
          refunded_amount: centsToDollars(refunded.get(pledge.id) ?? 0),
          to_charity: centsToDollars(passedOn.get(pledge.id)?.payableCents ?? 0),
          passed_on: centsToDollars(passedOn.get(pledge.id)?.passedCents ?? 0),
          createdAt: pledge.createdAt.toISOString(),
          share_email_with_host: pledge.shareEmailWithHost,
          share_email_with_charity: pledge.shareEmailWithCharity,
          raise: raiseOffer(pledge, event, charityName, now),
          event: {
            _id: event.id,
            name: event.name,
            description: event.description,
            categories: event.categories.length ? event.categories : [DEFAULT_PLEDGE_CATEGORY],
            target_amount: centsToDollars(event.targetCents),
            payment_amount: centsToDollars(totals.get(event.id)?.raisedCents ?? 0),
            event_date: event.eventDate,
            location_type: event.locationType,
            event_location: event.eventLocation,
            online_event_link: event.onlineEventLink,
            status: event.status,
            banner_image_url: event.bannerImage,
            host: { full_name: event.hostFullName },
          },
        })),
        stats: {
          totalPledged: centsToDollars(totalPledgedCents),
          totalEvents: new Set(counted.map((row) => row.event.id)).size,
          pendingPledges: rows.filter((row) => row.pledge.status === 'pending').length,
          deductedPledges: rows.filter((row) => row.pledge.status === 'charged').length,
        },
      };
    },
  };
}

/** What other modules read and change of pledges (an option's pledges, a closing account's); each takes a transaction or the database. */
export const pledgeRecords = {
  countForParticipant: myPledgesRepository.countForParticipant,
  outstandingCountForDonor: myPledgesRepository.outstandingCountForDonor,
  anonymiseDonor: myPledgesRepository.anonymiseDonor,
  /** An unsubscribe from a campaign's update e-mails (decision 192). */
  stopUpdateEmails: myPledgesRepository.stopUpdateEmails,
  /** The life cycle releases a campaign's never-charged pledges (its close, its delete, the charge run). */
  releaseUncharged: pledgeStatusRepository.releaseUncharged,
  /** A runoff's settlement releases the pledges of the options that are not charged. */
  releaseForOptions: pledgeStatusRepository.releaseForOptions,
  /** The disputes module records a dispute on a charged pledge and its outcome. */
  setDisputeStatus: pledgeStatusRepository.setDisputeStatus,
  /** A removed card's open pledges move to the donor's next card. */
  moveToCard: pledgeStatusRepository.moveToCard,
  /** The creator's funding pledge of a campaign (the events module's funding reserves, retries and books it). */
  creatorFunding: creatorFundingRepository,
  /** Whether a runoff option is one of the campaign's: a match on an option asks what a pledge on it asks. */
  optionBelongs: pledgesRepository.participantOf,
  /** A settled match's pledge, in the run that charges it (the matching module settles matches). */
  insertMatch: matchPledgeRepository.insert,
};

/**
 * A pledge's charge state, as the charging module (claims, outcomes, a run's pledges, refunds of
 * the creator's funding) and the events module's funding change it; each takes the caller's
 * transaction. The rules stay with charging (its attempts, decision 091); only the SQL is here.
 */
export const pledgeChargeState = {
  /** Any of a pledge's columns, under the row lock its caller holds (an outcome, a retry, a reminder, a refund). */
  update: pledgeChargeStateRepository.update,
  markCharged: pledgeChargeStateRepository.markCharged,
  claimPendingForRun: pledgeChargeStateRepository.claimPendingForRun,
  claim: pledgeChargeStateRepository.claim,
  releaseClaim: pledgeChargeStateRepository.releaseClaim,
};
