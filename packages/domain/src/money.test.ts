import { describe, expect, it } from 'vitest';
import {
  applyBasisPoints,
  cardProgressPercent,
  centsToDollars,
  dollarsToCents,
  exactProgressPercent,
  formatCents,
  plainDollars,
  shareOfCents,
} from './money.ts';

describe('money', () => {
  it('converts dollars to cents without float drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(50000)).toBe(5_000_000);
    expect(centsToDollars(1999)).toBe(19.99);
  });

  it('shares an amount in proportion, rounding half up to a cent', () => {
    expect(shareOfCents(9322, 12_000, 12_000)).toBe(9322);
    expect(shareOfCents(9322, 6_000, 12_000)).toBe(4661);
    expect(shareOfCents(101, 1, 2)).toBe(51); // 50.5 → 51
    expect(shareOfCents(100, 1, 3)).toBe(33);
    expect(shareOfCents(0, 5, 7)).toBe(0);
    expect(() => shareOfCents(100, 1, 0)).toThrow(RangeError);
  });

  it('applies basis points rounding half up to a cent', () => {
    expect(applyBasisPoints(5000, 300)).toBe(150);
    expect(applyBasisPoints(1050, 500)).toBe(53); // 52.5 → 53
    expect(applyBasisPoints(1049, 500)).toBe(52); // 52.45 → 52
    expect(() => applyBasisPoints(10.5, 300)).toThrow();
  });

  it('rounds and caps card progress, keeps two decimals on the event page', () => {
    expect(cardProgressPercent(15_000, 10_000)).toBe(100);
    expect(cardProgressPercent(3_333, 10_000)).toBe(33);
    expect(cardProgressPercent(100, 0)).toBe(0);
    expect(exactProgressPercent(15_000, 10_000)).toBe('150.00');
    expect(exactProgressPercent(1, 3)).toBe('33.33');
  });

  it('formats US dollars', () => {
    expect(formatCents(123_456)).toBe('$1,234.56');
    expect(formatCents(10_000, { whole: true })).toBe('$100');
  });

  it('writes plain dollars with two decimals for exports', () => {
    expect(plainDollars(284.6)).toBe('284.60');
    expect(plainDollars(0)).toBe('0.00');
    expect(plainDollars(19.99)).toBe('19.99');
    expect(plainDollars(-3.2)).toBe('-3.20');
    expect(plainDollars(50000)).toBe('50000.00');
  });
});
