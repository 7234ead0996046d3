import { dollarsToCents, pledgingClosedAtDeadline, pledgingNotYetOpen, RAISE_MESSAGES, PLEDGE_MAX_DOLLARS } from '@pledgeway/domain';
import type { CampaignRow } from '../event-records/index.ts';
import type { PledgeRow } from './pledge-repository.ts';

export interface RaiseRefusal {
  code: string;
  message: string;
  /** Shown on the supporter's card (a pending pledge that cannot go up); the rest are not offered at all. */
  shown: boolean;
}

/** The most a pledge may become: $50,000, or the campaign's donation limit when it is lower. */
export function maxRaiseCents(campaign: Pick<CampaignRow, 'donationLimitCents'>): number {
  const max = dollarsToCents(PLEDGE_MAX_DOLLARS);
  return campaign.donationLimitCents === null ? max : Math.min(max, campaign.donationLimitCents);
}

/**
 * Why this pledge cannot be raised now, or null when it can: only a supporter's pending pledge, not
 * yet in a charge run, on a campaign taking pledges (the pledge endpoint's rule), and not one of a
 * Donor Total runoff, where every pledge is the same fixed amount.
 */
export function raiseRefusal(pledge: PledgeRow, campaign: CampaignRow, now: Date): RaiseRefusal | null {
  if (pledge.status !== 'pending' || pledge.chargeRunId !== null) return { code: 'PLEDGE_NOT_PENDING', message: RAISE_MESSAGES.notPending, shown: false };
  if (pledge.isCreatorPledge) return { code: 'PLEDGE_IS_FUNDING', message: RAISE_MESSAGES.funding, shown: false };
  if (campaign.kind === 'runoff' && campaign.runoffWinBy === 'donor_total')
    return { code: 'RUNOFF_FIXED_AMOUNT', message: RAISE_MESSAGES.fixedAmount, shown: true };
  if (campaign.status === 'freeze') return { code: 'EVENT_FROZEN', message: RAISE_MESSAGES.frozen, shown: true };
  if (campaign.status !== 'approved') return { code: 'EVENT_NOT_LIVE', message: RAISE_MESSAGES.notLive, shown: true };
  const notYetOpen = pledgingNotYetOpen(campaign.startDate, now);
  if (notYetOpen) return { code: 'PLEDGING_NOT_OPEN', message: notYetOpen, shown: true };
  const closed = pledgingClosedAtDeadline(campaign, now);
  if (closed) return { code: 'PLEDGING_CLOSED', message: closed, shown: true };
  if (pledge.amountCents >= maxRaiseCents(campaign)) return { code: 'PLEDGE_AT_MAXIMUM', message: RAISE_MESSAGES.atMaximum, shown: true };
  return null;
}
