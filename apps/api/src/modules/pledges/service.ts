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
import { isCountedPledge, totalsFor } from '../event-reads/index.ts';
import { ledgerRepository } from '../ledger/index.ts';
import { payoutRecords } from '../payouts/index.ts';
import type { CampaignRow } from '../event-records/index.ts';
import type { PledgeRow } from './pledge-repository.ts';
import { maxRaiseCents, raiseRefusal } from './raise-rules.ts';
import { myPledgesRepository } from './repository.ts';
import { waitsForBank } from './waits-for-bank.ts';

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
          needs_authentication: waitsForBank(pledge),
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
