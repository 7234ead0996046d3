import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CLOSE_PENALTY_BASIS_POINTS, closeRefundCents, cardFeeCents, quotePledge, settlePledge, tipPercentOf, type CardFeeSchedule } from './fees.ts';
import { applyBasisPoints } from './money.ts';

/** Property-based checks of the fee arithmetic (DESIGN.md section 3): every cent placed, for any amounts. */
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

  it('takes 5% from the creator and 3% from supporters, rounded half up, and a tip outside the fee base', () => {
    fc.assert(
      fc.property(amount, tipPercent, fc.boolean(), (amountCents, tip, isCreator) => {
        const quote = quotePledge({ amountCents, tipPercent: tip, coverFees: false, isCreator });
        expect(quote.platformFeeCents).toBe(applyBasisPoints(amountCents, isCreator ? 500 : 300));
        expect(quote.tipCents).toBe(applyBasisPoints(amountCents, tip * 100));
      }),
    );
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
  it('refunds the pledge less card fee, refund fee and 5%, never below zero, never more than the pledge', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: 0, max: 5_000 }), (amountCents, originalCardFeeCents, refundFeeCents) => {
        const refund = closeRefundCents({ amountCents, originalCardFeeCents, refundFeeCents });
        const kept = originalCardFeeCents + refundFeeCents + applyBasisPoints(amountCents, CLOSE_PENALTY_BASIS_POINTS);
        expect(refund).toBe(Math.max(0, amountCents - kept));
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
