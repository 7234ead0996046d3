import { quotePledge, TIP_DEFAULT_PERCENT, type PledgeQuote } from '@pledgeway/domain/fees';
import { dollarsToCents, formatCents } from '@pledgeway/domain/money';
import { RAISE_MESSAGES, RaisePledgeRequest } from '@pledgeway/domain/schemas/bidding';
import type { PledgeRaiseOffer } from '@pledgeway/domain/schemas/my-pledges';
import { PLEDGE_FORM_MESSAGES, PLEDGE_MAX_DOLLARS } from '@pledgeway/domain/schemas/pledges';
import type { TipAnswer } from './tip-choice';

export interface RaiseFormValues {
  amount: string;
  tip: TipAnswer;
  tipPercent: number;
  coverFees: boolean;
}

export interface RaiseRules {
  /** The pledge now, in cents: the new amount must be higher. */
  currentCents: number;
  /** The most it may become: $50,000 or the campaign's donation limit. */
  maxCents: number;
}

/** The form starts from the supporter's earlier choices, with an empty new amount. */
export function raiseDefaults(offer: PledgeRaiseOffer): RaiseFormValues {
  return {
    amount: '',
    tip: offer.tip_percent > 0 ? 'yes' : 'no',
    tipPercent: offer.tip_percent > 0 ? offer.tip_percent : TIP_DEFAULT_PERCENT,
    coverFees: offer.cover_fees,
  };
}

const tipOf = (values: RaiseFormValues) => (values.tip === 'yes' ? values.tipPercent : 0);

/** The request the form would send, or the amount's message (the schema's and the server's own words). */
export function toRaiseRequest(
  values: RaiseFormValues,
  rules: RaiseRules,
): { request: RaisePledgeRequest; error?: undefined } | { request?: undefined; error: string } {
  const text = values.amount.trim();
  const parsed = RaisePledgeRequest.safeParse({ amount: text === '' ? undefined : Number(text), tip_percent: tipOf(values), cover_fees: values.coverFees });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? PLEDGE_FORM_MESSAGES.amountRequired };
  const cents = dollarsToCents(parsed.data.amount);
  if (cents <= rules.currentCents) return { error: RAISE_MESSAGES.notHigher.replace('{amount}', formatCents(rules.currentCents)) };
  if (cents > rules.maxCents && rules.maxCents < dollarsToCents(PLEDGE_MAX_DOLLARS)) {
    return { error: PLEDGE_FORM_MESSAGES.overDonationLimit.replace('{limit}', formatCents(rules.maxCents, { whole: true })) };
  }
  return { request: parsed.data };
}

/** The new breakdown for what is typed so far, or null while it is not a valid raise. */
export function quoteForRaise(values: RaiseFormValues, rules: RaiseRules, isCreator: boolean): PledgeQuote | null {
  const result = toRaiseRequest(values, rules);
  if (!result.request) return null;
  return quotePledge({ amountCents: dollarsToCents(result.request.amount), tipPercent: tipOf(values), coverFees: values.coverFees, isCreator });
}
