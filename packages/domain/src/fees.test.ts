import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { closeRefundCents, cardFeeCents, quotePledge, settlePledge, tipPercentOf, type CardFeeSchedule } from './fees.ts';

/** Property-based checks of the fee arithmetic (docs/money.md#rules): every cent placed, for any amounts. */
const amount = fc.integer({ min: 100, max: 5_000_000 });
const tipPercent = fc.integer({ min: 0, max: 100 });
const schedule: fc.Arbitrary<CardFeeSchedule> = fc.record({ basisPoints: fc.integer({ min: 0, max: 600 }), fixedCents: fc.integer({ min: 0, max: 100 }) });

describe('quotePledge', () => {
  it('charges exactly pledge + tip + cover, and the parts add up to what is charged', () => {
    fc.assert(
      fc.property(amount, tipPercent, fc.boolean(), fc.boolean(), schedule, (amountCents, tip, coverFees, isCreator, fees) => {
        const quote = quotePledge({ amountCents, tipPercent: tip, coverFees, isCreator, schedule: fees });
        expect(quote.totalCents).toBe(amountCents + quote.tipCents + quote.coverCents);
        expect(quote.platformFeeCents + quote.cardFeeCents + quote.tipCents + quote.netToCharityCents).toBe(quote.totalCents);
        for (const part of [quote.tipCents, quote.platformFeeCents, quote.cardFeeCents, quote.coverCents]) {
          expect(Number.isInteger(part) && part >= 0).toBe(true);
        }
        expect(Number.isInteger(quote.netToCharityCents)).toBe(true);
        if (!coverFees) expect(quote.coverCents).toBe(0);
      }),
      { numRuns: 2_000 },
    );
  });

  it('with cover the fees the charity receives at least the whole pledge, with the smallest such cover', () => {
    fc.assert(
      fc.property(amount, tipPercent, fc.boolean(), schedule, (amountCents, tip, isCreator, fees) => {
        const quote = quotePledge({ amountCents, tipPercent: tip, coverFees: true, isCreator, schedule: fees });
        expect(quote.netToCharityCents).toBeGreaterThanOrEqual(amountCents);
        const oneLess = quote.coverCents - 1;
        if (oneLess >= 0) {
          const total = amountCents + quote.tipCents + oneLess;
          expect(total - quote.tipCents - quote.platformFeeCents - cardFeeCents(total, fees)).toBeLessThan(amountCents);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  // Each case computed by hand from docs/money.md#rules: 3% of a supporter's pledge, 5% of the
  // creator's, a tip of whole percents of the pledge, each rounded half up to the cent.
  it.each([
    { amountCents: 2_550, tip: 15, isCreator: false, platformFee: 77, tipCents: 383 }, // 76.5 → 77; 382.5 → 383
    { amountCents: 2_550, tip: 15, isCreator: true, platformFee: 128, tipCents: 383 }, // 127.5 → 128
    { amountCents: 10_000, tip: 20, isCreator: false, platformFee: 300, tipCents: 2_000 },
    { amountCents: 149, tip: 1, isCreator: false, platformFee: 4, tipCents: 1 }, // 4.47 → 4; 1.49 → 1
  ])('takes $platformFee¢ in fees and a $tipCents¢ tip on $amountCents¢ (creator: $isCreator), the tip outside the fee base', (case_) => {
    const quote = quotePledge({ amountCents: case_.amountCents, tipPercent: case_.tip, coverFees: false, isCreator: case_.isCreator });
    expect(quote.platformFeeCents).toBe(case_.platformFee);
    expect(quote.tipCents).toBe(case_.tipCents);
    expect(quote.totalCents).toBe(case_.amountCents + case_.tipCents);
  });

  it('covers a $100 supporter pledge with $6.39: $3.00 platform fee and the $3.39 card fee on $106.39', () => {
    const quote = quotePledge({ amountCents: 10_000, tipPercent: 0, coverFees: true, isCreator: false });
    expect(quote).toEqual({
      amountCents: 10_000,
      tipCents: 0,
      platformFeeCents: 300,
      cardFeeCents: 339,
      coverCents: 639,
      totalCents: 10_639,
      netToCharityCents: 10_000,
    });
  });
});

describe('settlePledge', () => {
  it("places every cent of a real charge with the provider's reported fee, the odd cent on the net", () => {
    fc.assert(
      fc.property(amount, tipPercent, fc.boolean(), fc.integer({ min: 0, max: 200_000 }), (amountCents, tip, coverFees, reportedFee) => {
        const quote = quotePledge({ amountCents, tipPercent: tip, coverFees, isCreator: false });
        const settled = settlePledge({ ...quote, chargedCents: quote.totalCents, cardFeeCents: reportedFee });
        expect(settled.cardFeeCents).toBe(reportedFee);
        expect(settled.platformFeeCents + settled.cardFeeCents + settled.tipCents + settled.netToCharityCents).toBe(quote.totalCents);
      }),
    );
  });
});

describe('closeRefundCents', () => {
  // Computed by hand: the pledge less the original card fee, the refund fee and 5% of the pledge
  // (rounded half up), never below zero.
  it.each([
    { amountCents: 10_000, originalCardFeeCents: 320, refundFeeCents: 0, refund: 9_180 }, // 10000 − 320 − 0 − 500
    { amountCents: 2_550, originalCardFeeCents: 104, refundFeeCents: 25, refund: 2_293 }, // 2550 − 104 − 25 − 128 (127.5)
    { amountCents: 500, originalCardFeeCents: 45, refundFeeCents: 500, refund: 0 }, // 570 kept of 500
    { amountCents: 31, originalCardFeeCents: 30, refundFeeCents: 0, refund: 0 }, // 30 + 2 (1.55) kept of 31
    { amountCents: 40, originalCardFeeCents: 30, refundFeeCents: 0, refund: 8 }, // 40 − 30 − 2
  ])('refunds $refund¢ of a $amountCents¢ pledge', ({ refund, ...input }) => {
    expect(closeRefundCents(input)).toBe(refund);
  });

  it('never refunds more than the pledge or less than zero', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: 0, max: 5_000 }), (amountCents, originalCardFeeCents, refundFeeCents) => {
        const refund = closeRefundCents({ amountCents, originalCardFeeCents, refundFeeCents });
        expect(refund).toBeLessThanOrEqual(amountCents);
        expect(refund).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('tipPercentOf', () => {
  it('finds the whole percent an earlier tip was made with, for any pledge of a dollar or more', () => {
    fc.assert(
      fc.property(amount, tipPercent, (amountCents, percent) => {
        const tip = quotePledge({ amountCents, tipPercent: percent, coverFees: false, isCreator: false }).tipCents;
        // Two percents can round to the same tip on small pledges; either gives back that tip.
        expect(quotePledge({ amountCents, tipPercent: tipPercentOf(amountCents, tip), coverFees: false, isCreator: false }).tipCents).toBe(tip);
      }),
      { numRuns: 2_000 },
    );
  });

  it('answers the nearest percent for a tip no whole percent gives', () => {
    expect(tipPercentOf(10_000, 1_049)).toBe(10);
    expect(tipPercentOf(10_000, 0)).toBe(0);
    expect(tipPercentOf(10_000, 50_000)).toBe(100);
  });
});
