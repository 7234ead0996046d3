/**
 * Matching pledges (docs/money.md#rules, decision 109): a sponsor matches supporters' pledges
 * 1:1 or 2:1 up to a cap, optionally only those made within a window. The match's amount is
 * fixed at charge time from the pledges actually charged; before that, the same function gives
 * the match so far from the pledges currently counted.
 */
export const MATCH_RATIOS = [1, 2] as const;
export type MatchRatio = (typeof MATCH_RATIOS)[number];

export interface MatchTerms {
  ratio: number;
  capCents: number;
  startsAt: Date | null;
  endsAt: Date | null;
  /** A runoff match covers one option only; null: the whole campaign. */
  optionId: string | null;
}

export interface MatchablePledge {
  amountCents: number;
  createdAt: Date;
  optionId: string | null;
}

/** Whether a pledge falls under the match: its option, and made within the window (start inclusive, end exclusive). */
export function isMatched(terms: MatchTerms, pledge: MatchablePledge): boolean {
  if (terms.optionId !== null && pledge.optionId !== terms.optionId) return false;
  if (terms.startsAt && pledge.createdAt.getTime() < terms.startsAt.getTime()) return false;
  if (terms.endsAt && pledge.createdAt.getTime() >= terms.endsAt.getTime()) return false;
  return true;
}

/**
 * min(cap, ratio × the sum of the matched pledges' amounts), in whole cents: the pledge amounts
 * only (a tip is the platform's, a cover pays fees; neither is given to the charity, so neither is matched).
 */
export function matchAmountCents(terms: MatchTerms, pledges: readonly MatchablePledge[]): number {
  const matched = pledges.filter((pledge) => isMatched(terms, pledge)).reduce((sum, pledge) => sum + pledge.amountCents, 0);
  return Math.min(terms.capCents, terms.ratio * matched);
}

/**
 * What a supporter's pledge charged after the match was fixed (declined at the charge run, then
 * charged within the failed-charge window) adds to the match: ratio × its amount if the match
 * covers it, at most what the cap leaves above the amount fixed so far (the first charge and every
 * earlier top-up). Never negative: a match is never lowered once fixed (a later dispute or refund
 * of a matched pledge takes nothing back from it).
 */
export function matchTopUpCents(terms: MatchTerms, fixedSoFarCents: number, pledge: MatchablePledge): number {
  if (!isMatched(terms, pledge)) return 0;
  return Math.max(0, Math.min(terms.capCents - fixedSoFarCents, terms.ratio * pledge.amountCents));
}
