import type { Executor } from '../../db/client.ts';
import { connectRecords } from '../charity-connect/index.ts';
import { disputeRecords } from '../disputes/index.ts';
import { donationRecords } from '../donations/index.ts';
import { monthlyGiftRecords } from '../monthly-giving/index.ts';
import { payoutRecords } from '../payouts/index.ts';

/*
 * The `data` of the money events a charity (and, for disputes, a host) receives (decision 180).
 * A donor is named as they chose; their e-mail is given only where that gift shares it with the
 * charity (decision 136), read when the event is dispatched.
 */

async function donationData(db: Executor, id: string) {
  const row = await donationRecords.withCharity(db, id);
  if (!row) return null;
  const { donation } = row;
  return {
    object: 'donation',
    id: donation.id,
    charity: { id: donation.charityId, name: row.charityName },
    amount_cents: donation.amountCents,
    currency: 'usd',
    status: donation.status,
    donor: { name: donation.fullName, email: donation.shareEmailWithCharity ? donation.email : null },
    created_at: donation.createdAt.toISOString(),
  };
}

async function monthlyChargeData(db: Executor, id: string) {
  const row = await monthlyGiftRecords.chargeWithGift(db, id);
  if (!row) return null;
  const { charge, gift } = row;
  return {
    object: 'monthly_gift_charge',
    id: charge.id,
    monthly_gift_id: gift.id,
    charity: { id: gift.charityId, name: row.charityName },
    period: charge.period,
    amount_cents: charge.amountCents,
    currency: 'usd',
    status: charge.status,
    donor: { name: row.donorName, email: gift.shareEmailWithCharity ? row.donorEmail : null },
    charged_at: charge.chargedAt?.toISOString() ?? null,
  };
}

async function payoutData(db: Executor, id: string) {
  const row = await payoutRecords.withCharity(db, id);
  if (!row) return null;
  const { payout } = row;
  return {
    object: 'payout',
    id: payout.id,
    charity: { id: payout.charityId, name: row.charityName },
    amount_cents: payout.amountCents,
    currency: 'usd',
    reference: payout.reference,
    paid_on: payout.paidOn,
    created_at: payout.createdAt.toISOString(),
  };
}

async function transferData(db: Executor, id: string) {
  const row = await connectRecords.transferWithNames(db, id);
  if (!row) return null;
  const { transfer } = row;
  return {
    object: 'transfer',
    id: transfer.id,
    /** `transfer`, or `reversal`: the share taken back from the charity's account after a dispute. */
    kind: transfer.kind,
    reverses_id: transfer.reversesId,
    dispute_id: transfer.disputeId,
    charity: { id: transfer.charityId, name: row.charityName },
    campaign: transfer.eventId ? { id: transfer.eventId, name: row.campaignName } : null,
    pledge_id: transfer.pledgeId,
    donation_id: transfer.donationId,
    amount_cents: transfer.amountCents,
    currency: 'usd',
    provider_ref: transfer.providerRef,
    made_at: transfer.madeAt?.toISOString() ?? null,
  };
}

async function disputeData(db: Executor, id: string) {
  const row = await disputeRecords.withCampaign(db, id);
  if (!row) return null;
  const { dispute } = row;
  return {
    object: 'dispute',
    id: dispute.id,
    status: dispute.status,
    reason: dispute.reason,
    amount_cents: dispute.amountCents,
    currency: 'usd',
    campaign: dispute.eventId ? { id: dispute.eventId, name: row.campaignName } : null,
    pledge_id: dispute.pledgeId,
    donation_id: dispute.donationId,
    opened_at: dispute.createdAt.toISOString(),
    closed_at: dispute.closedAt?.toISOString() ?? null,
  };
}

/** The readers of each money event's subject, by the event type's first part. */
export const moneyData: Record<string, (db: Executor, id: string) => Promise<unknown>> = {
  donation: donationData,
  monthly_gift: monthlyChargeData,
  payout: payoutData,
  transfer: transferData,
  dispute: disputeData,
};
