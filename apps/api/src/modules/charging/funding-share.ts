import { settlePledge } from '@pledgeway/domain';
import type { CreatorFundingPledge } from '../pledges/index.ts';

/**
 * What the creator's funding passes on to the charity when the run charges: the charge less its
 * card fee and the 5% platform fee (`settlePledge`, the split the funding's settlement posts).
 */
export function fundingToCharityCents(
  funding: Pick<CreatorFundingPledge, 'amountCents' | 'tipCents' | 'platformFeeCents' | 'coverCents' | 'chargedCents' | 'cardFeeCents'>,
): number {
  return settlePledge({
    amountCents: funding.amountCents,
    tipCents: funding.tipCents,
    platformFeeCents: funding.platformFeeCents,
    coverCents: funding.coverCents,
    chargedCents: funding.chargedCents ?? funding.amountCents,
    cardFeeCents: funding.cardFeeCents ?? 0,
  }).netToCharityCents;
}
