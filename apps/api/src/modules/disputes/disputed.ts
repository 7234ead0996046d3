import { settlePledge, type PledgeQuote } from '@pledgeway/domain';
import type { Executor } from '../../db/client.ts';
import type { donationRecords } from '../donations/index.ts';
import type { monthlyGiftRecords } from '../monthly-giving/index.ts';
import { disputesRepository as repo } from './repository.ts';

type LockedPledge = NonNullable<Awaited<ReturnType<typeof repo.lockPledgeByCharge>>>;
type LockedDonation = NonNullable<Awaited<ReturnType<typeof donationRecords.lockByCharge>>>;
type LockedMonth = NonNullable<Awaited<ReturnType<typeof monthlyGiftRecords.lockChargedMonthByRef>>>;

/**
 * What a dispute takes money back from, locked: a supporter's pledge (a creator's funding
 * included), told to the campaign's creator, or a donation from /charities, told to the admins only.
 */
export interface Disputed {
  pledgeId: string | null;
  donationId: string | null;
  monthlyChargeId: string | null;
  eventId: string | null;
  charityId: string | null;
  /** Whether its charge stands (a pledge not charged, or charged no more, is not booked). */
  charged: boolean;
  settled: PledgeQuote;
  /** What the charge credited the charity (its net; a funding's settlement). */
  creditedCents: (tx: Executor) => Promise<number>;
  /** How the e-mails name it: the campaign, or "Donation to {charity}". */
  name: string;
  creatorEmail: string | null;
}

export function pledgeDisputed({ pledge, event, creator }: LockedPledge): Disputed {
  return {
    pledgeId: pledge.id,
    donationId: null,
    monthlyChargeId: null,
    eventId: event.id,
    charityId: event.charityId,
    charged: pledge.status === 'charged' && pledge.chargedCents !== null,
    settled: settlePledge({
      amountCents: pledge.amountCents,
      tipCents: pledge.tipCents,
      platformFeeCents: pledge.platformFeeCents,
      coverCents: pledge.coverCents,
      chargedCents: pledge.chargedCents ?? 0,
      cardFeeCents: pledge.cardFeeCents ?? 0,
    }),
    creditedCents: (tx) => repo.creditedToCharityCents(tx, pledge.id),
    name: event.name,
    creatorEmail: creator.email,
  };
}

/** A donation's charge: all of it the charity's but the card fee (no platform fee, no tip). */
export function donationDisputed({ donation, charityName }: LockedDonation): Disputed {
  const cardFeeCents = donation.cardFeeCents ?? 0;
  return {
    pledgeId: null,
    donationId: donation.id,
    monthlyChargeId: null,
    eventId: null,
    charityId: donation.charityId,
    charged: donation.status === 'charged',
    settled: settlePledge({
      amountCents: donation.amountCents,
      tipCents: 0,
      platformFeeCents: 0,
      coverCents: 0,
      chargedCents: donation.amountCents,
      cardFeeCents,
    }),
    creditedCents: async () => donation.amountCents - cardFeeCents,
    name: `Donation to ${charityName}`,
    creatorEmail: null,
  };
}

/**
 * A month of a monthly gift (decision 140): the card paid gift + tip, the charity was credited the
 * gift less its share of the card fee (monthly-giving/postings.ts), the tip is the platform's. Told to
 * the admins, as a donation's is; months are paid out by the payouts, never transferred per charge.
 */
export function monthlyDisputed({ charge, gift, charityName, creditedCents }: LockedMonth): Disputed {
  return {
    pledgeId: null,
    donationId: null,
    monthlyChargeId: charge.id,
    eventId: null,
    charityId: gift.charityId,
    charged: charge.status === 'charged',
    settled: settlePledge({
      amountCents: charge.amountCents,
      tipCents: charge.tipCents,
      platformFeeCents: 0,
      coverCents: 0,
      chargedCents: charge.amountCents + charge.tipCents,
      cardFeeCents: charge.cardFeeCents ?? 0,
    }),
    creditedCents: async () => creditedCents,
    name: `Monthly gift to ${charityName} (${charge.period})`,
    creatorEmail: null,
  };
}
