/**
 * Money is an integer number of cents everywhere in code and storage. Dollars exist only at the
 * API edge (the dollar fields of docs/product.md#3-data) and on screen; these are the only conversions.
 */
import { groupThousands } from './numbers.ts';

export type Cents = number;

export function dollarsToCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new RangeError('amount must be finite');
  // Parse through the decimal string so 19.99 becomes 1999, never 1998.9999.
  const [whole = '0', fraction = ''] = Math.abs(dollars).toFixed(2).split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return dollars < 0 ? -cents : cents;
}

export function centsToDollars(cents: Cents): number {
  return Number((cents / 100).toFixed(2));
}

/** True when a dollar amount has at most two decimals. */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

/** rate in basis points (500 = 5%), rounded half up to a cent. */
export function applyBasisPoints(cents: Cents, basisPoints: number): Cents {
  if (!Number.isInteger(cents) || !Number.isInteger(basisPoints)) {
    throw new RangeError('cents and basis points must be integers');
  }
  return Math.floor((cents * basisPoints + 5000) / 10000);
}

/**
 * US dollars as Intl's en-US currency format writes them ("$1,234.56", "-$3.20"; "$100" when
 * `whole` and there are no cents), without Intl (numbers.ts says why). Fractions of a cent round
 * half away from zero, as Intl does.
 */
export function formatCents(cents: Cents, options: { whole?: boolean } = {}): string {
  const absolute = Math.round(Math.abs(cents));
  const sign = cents < 0 && absolute > 0 ? '-' : '';
  const dollars = groupThousands(Math.floor(absolute / 100));
  if (options.whole && cents % 100 === 0) return `${sign}$${dollars}`;
  return `${sign}$${dollars}.${String(absolute % 100).padStart(2, '0')}`;
}

export function formatDollars(dollars: number, options: { whole?: boolean } = {}): string {
  return formatCents(dollarsToCents(dollars), options);
}

/** Dollars as a plain decimal with two places and no symbol or grouping ("284.60", "0.00", "-3.20"): for CSV exports. */
export function plainDollars(dollars: number): string {
  const cents = dollarsToCents(dollars);
  const whole = Math.trunc(Math.abs(cents) / 100);
  return `${cents < 0 ? '-' : ''}${whole}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

/** Progress for cards: rounded, capped at 100, 0 without a target. */
export function cardProgressPercent(raisedCents: Cents, targetCents: Cents): number {
  if (!targetCents || targetCents <= 0) return 0;
  return Math.min(100, Math.round((raisedCents / targetCents) * 100));
}

/** Progress on the public event page: two decimals, uncapped. */
export function exactProgressPercent(raisedCents: Cents, targetCents: Cents): string {
  if (!targetCents || targetCents <= 0) return '0.00';
  return ((raisedCents / targetCents) * 100).toFixed(2);
}

/**
 * `part` of `whole` applied to `cents` (cents × part / whole), rounded half up to a cent: the
 * share of a partial amount, e.g. the charity's part of a dispute for less than the whole charge.
 */
export function shareOfCents(cents: Cents, part: Cents, whole: Cents): Cents {
  if (![cents, part, whole].every(Number.isInteger) || whole <= 0 || part < 0 || cents < 0) {
    throw new RangeError('cents, part and whole must be integers, whole positive');
  }
  return Math.floor((2 * cents * part + whole) / (2 * whole));
}
