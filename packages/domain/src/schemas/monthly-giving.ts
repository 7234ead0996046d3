import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money.ts';
import { MONTHLY_PAUSE_MONTHS } from '../monthly-giving.ts';

export const MONTHLY_MAX_DOLLARS = 10_000;

/** What monthly giving's forms and routes say (decision 140); dates and amounts are filled in. */
export const MONTHLY_MESSAGES = {
  amountRequired: 'Please enter an amount',
  amountMin: 'The smallest monthly gift is $1',
  amountMax: 'A monthly gift can be at most $10,000',
  amountCents: 'Use at most two decimals',
  tipMin: 'The tip cannot be negative',
  tipMax: 'The tip can be at most $1,000',
  cardRequired: 'Please choose a payment method',
  chargeDay: 'Choose a day of the month from 1 to 31',
  pauseMonths: 'A gift can be paused for 1, 2 or 3 months',
  charityNotFound: 'Charity not found',
  giftNotFound: 'Monthly gift not found',
  cardNotFound: 'Card not found. Please choose one of your saved cards.',
  alreadyGiving: 'You already give monthly to this charity. Change its amount under My Giving instead.',
  /** `{amount}`, `{charity}`, `{next}` are filled in. */
  started: 'Thank you! Your payment method was charged {amount} for this month’s gift to {charity}. The next charge is on {next}.',
  amountChanged: 'From the charge on {next}, your monthly gift is {amount}.',
  cardChanged: 'Your monthly gift will be charged to {card}.',
  cardChangedRetry: 'Your monthly gift will be charged to {card}; this month’s charge is being tried again now.',
  paused: 'Your monthly gift is paused. The next charge is on {next}.',
  resumed: 'Your monthly gift is back on. The next charge is {amount} on {next}.',
  cancelled: 'Your monthly gift to {charity} is cancelled. Nothing more will be charged.',
  notActive: 'This monthly gift is cancelled; start a new one instead.',
  notPaused: 'This monthly gift is not paused.',
  cannotPause: 'Only a monthly gift that is running can be paused.',
  /** `{charity}`, `{amount}` are filled in: a card removal refused while a monthly gift is charged to the card. */
  cardUsedByGift:
    'This card pays your monthly gift to {charity} ({amount} a month). Switch that gift to another card under My Giving before removing this card.',
} as const;

const dollars = (max: number, maxMessage: string, minMessage: string, min: number) =>
  z.number({ error: MONTHLY_MESSAGES.amountRequired }).min(min, minMessage).max(max, maxMessage).refine(hasAtMostTwoDecimals, MONTHLY_MESSAGES.amountCents);

const amountFields = {
  amount: dollars(MONTHLY_MAX_DOLLARS, MONTHLY_MESSAGES.amountMax, MONTHLY_MESSAGES.amountMin, 1),
  /** An optional tip to the platform, charged with each month's gift. */
  tip: dollars(1_000, MONTHLY_MESSAGES.tipMax, MONTHLY_MESSAGES.tipMin, 0).default(0),
};

/** POST /api/charities/{id}/monthly-gifts: a signed-in supporter's monthly gift on a saved card. */
export const StartMonthlyGiftRequest = z.object({
  ...amountFields,
  payment_method_id: z.string({ error: MONTHLY_MESSAGES.cardRequired }).uuid(MONTHLY_MESSAGES.cardRequired),
  /** 1–31; the 29th–31st fall on the month's last day in shorter months. Default: today's (UTC). */
  charge_day: z
    .number({ error: MONTHLY_MESSAGES.chargeDay })
    .int(MONTHLY_MESSAGES.chargeDay)
    .min(1, MONTHLY_MESSAGES.chargeDay)
    .max(31, MONTHLY_MESSAGES.chargeDay)
    .optional(),
  /** "Share my e-mail address with the charity": off unless ticked (decision 136); changeable in My Giving. */
  share_email_with_charity: z.boolean().default(false),
});
export type StartMonthlyGiftRequest = z.input<typeof StartMonthlyGiftRequest>;

/** PUT /api/monthly-gifts/{id}/email-sharing: change later whether the charity sees the donor's e-mail (decision 183). */
export const MonthlyEmailSharingRequest = z.object({ share_email_with_charity: z.boolean({ error: 'Choose whether to share your e-mail with the charity' }) });
export type MonthlyEmailSharingRequest = z.infer<typeof MonthlyEmailSharingRequest>;

/** PUT /api/monthly-gifts/{id}/amount: from the next charge. */
export const ChangeMonthlyAmountRequest = z.object(amountFields);
export type ChangeMonthlyAmountRequest = z.input<typeof ChangeMonthlyAmountRequest>;

export const ChangeMonthlyCardRequest = z.object({
  payment_method_id: z.string({ error: MONTHLY_MESSAGES.cardRequired }).uuid(MONTHLY_MESSAGES.cardRequired),
});
export type ChangeMonthlyCardRequest = z.infer<typeof ChangeMonthlyCardRequest>;

export const PauseMonthlyGiftRequest = z.object({
  months: z
    .number({ error: MONTHLY_MESSAGES.pauseMonths })
    .int(MONTHLY_MESSAGES.pauseMonths)
    .refine((months) => (MONTHLY_PAUSE_MONTHS as readonly number[]).includes(months), MONTHLY_MESSAGES.pauseMonths),
});
export type PauseMonthlyGiftRequest = z.infer<typeof PauseMonthlyGiftRequest>;

export const MONTHLY_GIFT_STATUSES = ['active', 'paused', 'payment_failed', 'cancelled'] as const;
export const MONTHLY_CHARGE_STATUSES = ['pending', 'charged', 'failed', 'action_required', 'abandoned', 'cancelled'] as const;

export const MonthlyCharge = z.object({
  _id: z.string(),
  period: z.string(),
  due_at: z.string(),
  amount: z.number(),
  tip: z.number(),
  status: z.enum(MONTHLY_CHARGE_STATUSES),
  charged_at: z.string().nullable(),
  failure_message: z.string().nullable(),
  next_retry_at: z.string().nullable(),
});
export type MonthlyCharge = z.infer<typeof MonthlyCharge>;

export const MonthlyGift = z.object({
  _id: z.string(),
  charity_id: z.string(),
  charity_name: z.string(),
  amount: z.number(),
  tip: z.number(),
  charge_day: z.number(),
  share_email_with_charity: z.boolean(),
  status: z.enum(MONTHLY_GIFT_STATUSES),
  /** Null once cancelled or while paused after declined charges. */
  next_charge_at: z.string().nullable(),
  /** The saved method charged; `label` names it as every screen does (a cash app has no brand or last four). */
  card: z.object({ _id: z.string(), brand: z.string(), last4: z.string(), label: z.string() }).nullable(),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
  charges: z.array(MonthlyCharge),
});
export type MonthlyGift = z.infer<typeof MonthlyGift>;

export const MonthlyGiftResponse = z.object({ success: z.literal(true), message: z.string(), data: z.object({ gift: MonthlyGift }) });
export type MonthlyGiftResponse = z.infer<typeof MonthlyGiftResponse>;
export const MonthlyGiftsResponse = z.object({ success: z.literal(true), data: z.object({ gifts: z.array(MonthlyGift) }) });
export type MonthlyGiftsResponse = z.infer<typeof MonthlyGiftsResponse>;

/** What the on-site confirmation of a month says (decision 170); `{amount}`, `{charity}`, `{date}` are filled in. */
export const CONFIRMATION_MESSAGES = {
  charged: 'Thank you! Your card was charged {amount} for your monthly gift to {charity} due on {date}.',
  alreadyCharged: 'This month’s gift to {charity} was already charged ({amount}); nothing more was charged.',
  notConfirmed: 'Your bank did not confirm the payment, so nothing was charged. You can try again, or choose another card under My Giving.',
  notWaiting: 'This month’s charge is not waiting for your confirmation any more; nothing was charged now.',
  inFlight: 'This payment is already being confirmed. Please refresh the page in a minute.',
} as const;

export const SANDBOX_CONFIRMATION_OUTCOMES = ['approve', 'fail'] as const;

/**
 * POST /api/monthly-gifts/{id}/charges/{chargeId}/confirm, after the bank's check in the browser:
 * with Stripe, Stripe.js confirmed the PaymentIntent and the body is empty; with the sandbox, the
 * sandbox's confirmation screen sends the tester's choice.
 */
export const ConfirmMonthlyChargeRequest = z.object({
  sandbox_outcome: z.enum(SANDBOX_CONFIRMATION_OUTCOMES, { error: 'Choose approve or fail' }).optional(),
});
export type ConfirmMonthlyChargeRequest = z.infer<typeof ConfirmMonthlyChargeRequest>;

export const MonthlyChargeIdParams = z.object({ id: z.string().uuid('Monthly gift not found'), chargeId: z.string().uuid('Monthly gift not found') });

/**
 * What Stripe.js needs to confirm a PaymentIntent the bank asked the holder to authenticate: a
 * month's (decision 170) or a pledge's (decision 260).
 */
export const StripeConfirmation = z.object({ client_secret: z.string(), payment_method: z.string().nullable(), intent_status: z.string() });
export type StripeConfirmation = z.infer<typeof StripeConfirmation>;

/** What is to be paid, and how the browser confirms it (Stripe's client secret, or the sandbox's screen). */
export const MonthlyConfirmation = z.object({
  gift_id: z.string(),
  charge_id: z.string(),
  charity_name: z.string(),
  amount: z.number(),
  tip: z.number(),
  due_at: z.string(),
  status: z.enum(MONTHLY_CHARGE_STATUSES),
  charged_at: z.string().nullable(),
  failure_message: z.string().nullable(),
  provider: z.enum(['sandbox', 'stripe']),
  /** With Stripe, while the month waits: what Stripe.js needs to confirm the PaymentIntent. */
  stripe: StripeConfirmation.nullable(),
});
export type MonthlyConfirmation = z.infer<typeof MonthlyConfirmation>;

export const MonthlyConfirmationResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ confirmation: MonthlyConfirmation }),
});
export type MonthlyConfirmationResponse = z.infer<typeof MonthlyConfirmationResponse>;
