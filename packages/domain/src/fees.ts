import { applyBasisPoints, type Cents } from './money.ts';

/**
 * Fees of one pledge (docs/money.md#fees). Every part is whole cents and the parts always add up:
 * total charged = pledge + tip + cover, and total charged = platform fee + card fee + tip + net to
 * charity, any odd cent landing on the net. Tips are outside the fee base and go to the platform.
 */
export const PLATFORM_FEE_BASIS_POINTS = { creator: 500, supporter: 300 } as const;
/** Share of the creator's pledge kept when the creator closes the campaign (docs/product.md#campaign-life-cycle). */
export const CLOSE_PENALTY_BASIS_POINTS = 500;
export const TIP_DEFAULT_PERCENT = 20;
export const TIP_MAX_PERCENT = 100;

/** A card provider's fee schedule: a rate plus a fixed part per charge. */
export interface CardFeeSchedule {
  basisPoints: number;
  fixedCents: Cents;
}
/** Stripe's US standard and the sandbox's: 2.9% + $0.30. */
export const STANDARD_CARD_FEE: CardFeeSchedule = { basisPoints: 290, fixedCents: 30 };

export function cardFeeCents(chargedCents: Cents, schedule: CardFeeSchedule = STANDARD_CARD_FEE): Cents {
  if (chargedCents <= 0) return 0;
  return applyBasisPoints(chargedCents, schedule.basisPoints) + schedule.fixedCents;
}

export function platformFeeCents(amountCents: Cents, isCreator: boolean): Cents {
  return applyBasisPoints(amountCents, isCreator ? PLATFORM_FEE_BASIS_POINTS.creator : PLATFORM_FEE_BASIS_POINTS.supporter);
}

export function tipCents(amountCents: Cents, tipPercent: number): Cents {
  if (!Number.isInteger(tipPercent) || tipPercent < 0 || tipPercent > TIP_MAX_PERCENT) throw new RangeError('tip percent must be a whole number from 0 to 100');
  return applyBasisPoints(amountCents, tipPercent * 100);
}

/**
 * The whole tip percent that gives `tip` on `amountCents` (the prompt's setting of an earlier
 * pledge), or the nearest one when no whole percent gives it exactly.
 */
export function tipPercentOf(amountCents: Cents, tip: Cents): number {
  let best = 0;
  for (let percent = 0; percent <= TIP_MAX_PERCENT; percent += 1) {
    const cents = tipCents(amountCents, percent);
    if (cents === tip) return percent;
    if (Math.abs(cents - tip) < Math.abs(tipCents(amountCents, best) - tip)) best = percent;
  }
  return best;
}

export interface PledgeQuoteInput {
  amountCents: Cents;
  tipPercent: number;
  coverFees: boolean;
  isCreator: boolean;
  schedule?: CardFeeSchedule;
}

export interface PledgeQuote {
  amountCents: Cents;
  tipCents: Cents;
  platformFeeCents: Cents;
  /** The card fee expected for `totalCents`; the one recorded at charge time is the provider's. */
  cardFeeCents: Cents;
  /** What the donor adds so the charity receives the whole pledge (0 unless cover fees). */
  coverCents: Cents;
  totalCents: Cents;
  netToCharityCents: Cents;
}

/**
 * The breakdown shown before confirming and charged later. With cover fees the smallest cover is
 * found for which the charity still receives at least the whole pledge.
 */
export function quotePledge({ amountCents, tipPercent, coverFees, isCreator, schedule = STANDARD_CARD_FEE }: PledgeQuoteInput): PledgeQuote {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new RangeError('amount must be a positive whole number of cents');
  const tip = tipCents(amountCents, tipPercent);
  const platformFee = platformFeeCents(amountCents, isCreator);
  let cover = 0;
  if (coverFees) {
    cover = platformFee + cardFeeCents(amountCents + tip + platformFee, schedule);
    // The card fee grows with the cover itself: raise it until the fees are paid in full.
    while (cover < platformFee + cardFeeCents(amountCents + tip + cover, schedule)) cover += 1;
  }
  const total = amountCents + tip + cover;
  return settlePledge({
    amountCents,
    tipCents: tip,
    platformFeeCents: platformFee,
    coverCents: cover,
    chargedCents: total,
    cardFeeCents: cardFeeCents(total, schedule),
  });
}

/** The split of a real charge, with the card fee the provider reported for it. */
export function settlePledge(input: {
  amountCents: Cents;
  tipCents: Cents;
  platformFeeCents: Cents;
  coverCents: Cents;
  chargedCents: Cents;
  cardFeeCents: Cents;
}): PledgeQuote {
  const net = input.chargedCents - input.tipCents - input.platformFeeCents - input.cardFeeCents;
  return {
    amountCents: input.amountCents,
    tipCents: input.tipCents,
    platformFeeCents: input.platformFeeCents,
    cardFeeCents: input.cardFeeCents,
    coverCents: input.coverCents,
    totalCents: input.chargedCents,
    netToCharityCents: net,
  };
}

/**
 * Refund of the creator's charged pledge on close: the pledge less the card fee of the original
 * charge, the provider's refund fee and 5% of the pledge (never below zero).
 */
export function closeRefundCents(input: { amountCents: Cents; originalCardFeeCents: Cents; refundFeeCents: Cents }): Cents {
  const kept = input.originalCardFeeCents + input.refundFeeCents + applyBasisPoints(input.amountCents, CLOSE_PENALTY_BASIS_POINTS);
  return Math.max(0, input.amountCents - kept);
}
