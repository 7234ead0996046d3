import { quotePledge, TIP_DEFAULT_PERCENT, type PledgeQuote } from '@pledgeway/domain/fees';
import { dollarsToCents, formatCents } from '@pledgeway/domain/money';
import { CreatePledgeRequest, PLEDGE_FORM_MESSAGES } from '@pledgeway/domain/schemas/pledges';

export interface PledgeFormValues {
  amount: string;
  /** The tip prompt: YES presets 20% and shows the slider, NO sets 0%. */
  tip: 'yes' | 'no';
  tipPercent: number;
  coverFees: boolean;
  anonymous: boolean;
  message: string;
  notifyUpdates: boolean;
  /** Share my e-mail with the charity (decision 136): off unless ticked. */
  shareEmail: boolean;
  /** Share my e-mail with the host (exports, webhooks): off unless ticked (decision 149). */
  shareEmailWithHost: boolean;
  paymentMethodId: string;
  participantId: string;
}

export const EMPTY_PLEDGE_FORM: PledgeFormValues = {
  amount: '',
  tip: 'yes',
  tipPercent: TIP_DEFAULT_PERCENT,
  coverFees: false,
  anonymous: false,
  message: '',
  notifyUpdates: false,
  shareEmail: false,
  shareEmailWithHost: false,
  paymentMethodId: '',
  participantId: '',
};

/** Form field of each request field, for the messages. */
const FIELD_OF: Record<string, keyof PledgeFormValues> = {
  amount: 'amount',
  payment_method_id: 'paymentMethodId',
  message: 'message',
  participant_id: 'participantId',
  tip_percent: 'tipPercent',
};

export const CHOOSE_OPTION_MESSAGE = 'Choose the option you are pledging to';

export interface PledgeRules {
  donationLimitCents: number | null;
  isRunoff: boolean;
}

/** The request the form would send, or each field's message (the schema's own words). */
export function toPledgeRequest(
  values: PledgeFormValues,
  rules: PledgeRules,
): { request: CreatePledgeRequest; errors?: undefined } | { request?: undefined; errors: Partial<Record<keyof PledgeFormValues, string>> } {
  const amountText = values.amount.trim();
  const parsed = CreatePledgeRequest.safeParse({
    amount: amountText === '' ? undefined : Number(amountText),
    tip_percent: values.tip === 'yes' ? values.tipPercent : 0,
    cover_fees: values.coverFees,
    anonymous: values.anonymous,
    message: values.message,
    payment_method_id: values.paymentMethodId || undefined,
    participant_id: values.participantId || null,
    notify_updates: values.notifyUpdates,
    share_email_with_charity: values.shareEmail,
    share_email_with_host: values.shareEmailWithHost,
  });
  const errors: Partial<Record<keyof PledgeFormValues, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      if (field) errors[field] ??= issue.message;
    }
  }
  if (!errors.amount && rules.donationLimitCents !== null && parsed.success && dollarsToCents(parsed.data.amount) > rules.donationLimitCents) {
    errors.amount = PLEDGE_FORM_MESSAGES.overDonationLimit.replace('{limit}', formatCents(rules.donationLimitCents, { whole: true }));
  }
  if (rules.isRunoff && !values.participantId) errors.participantId = CHOOSE_OPTION_MESSAGE;
  if (!parsed.success || Object.keys(errors).length) return { errors };
  return { request: parsed.data };
}

/** The breakdown for what is typed so far, or null while the amount is not a valid pledge. */
export function quoteFor(values: PledgeFormValues, isCreator: boolean): PledgeQuote | null {
  const amount = Number(values.amount.trim());
  if (!values.amount.trim() || !CreatePledgeRequest.shape.amount.safeParse(amount).success) return null;
  return quotePledge({ amountCents: dollarsToCents(amount), tipPercent: values.tip === 'yes' ? values.tipPercent : 0, coverFees: values.coverFees, isCreator });
}
