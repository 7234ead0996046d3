import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money.ts';
import { DONATION_MESSAGES, donorFields } from './public.ts';

export const DONATION_MAX_DOLLARS = 50_000;

export const DONATION_RESULT_MESSAGES = {
  /** `{charity}` is the charity's name: the thank-you of docs/product.md#charities, shown only after the charge succeeded. */
  thanks: 'Thank you for your donation to {charity}!',
  amountMax: 'Amount cannot exceed $50,000',
  amountMin: 'The smallest donation is $1',
  amountCents: 'Use at most two decimals',
  tokenRequired: 'Please enter your card again',
  methodRequired: 'Please choose a payment method',
  oneMethod: 'Send one way to pay: a card token, a saved payment method or a Stripe payment method',
  attemptKeyRequired: 'A donation with a saved payment method needs an Idempotency-Key header',
  stripeAttemptKeyRequired: 'A donation with a Stripe payment method needs an Idempotency-Key header',
  stripeMethodInvalid: 'Please enter your payment details again',
  stripeUnavailable: 'Payments here go through the sandbox: please enter your card in its form',
  /** A 202: the bank asks the donor to confirm; nothing is charged or thanked for until they do (decision 245). */
  actionRequired: 'Your bank asks you to confirm this payment. Nothing has been charged yet.',
  charityNotFound: 'Charity not found',
  /** The donor's return from a payment method that left the page (decision 255): what the page tells them, from the API. */
  returnProcessing: 'Your payment is still being processed. Nothing is recorded yet: your receipt comes by e-mail once it has gone through.',
  returnWaiting: 'Your bank has not confirmed this payment. Nothing has been charged.',
  returnFailed: 'The payment did not go through. Nothing was charged.',
  returnNotFound: 'We could not find this payment. Nothing was recorded.',
} as const;

/**
 * POST /api/charities/{id}/donations: the donation dialog's fields with the payment as the token
 * the sandbox card form returned, or, signed in, as one of the donor's saved payment methods (card,
 * wallet or cash app, decision 160), or, with Stripe, as the PaymentMethod Stripe.js created from
 * the visitor's Payment Element (decision 245); the card itself never reaches this endpoint.
 */
export const CharityDonationRequest = z
  .object({
    ...donorFields,
    amount: z
      .number({ error: DONATION_MESSAGES.amountRequired })
      .positive(DONATION_MESSAGES.amountPositive)
      .min(1, DONATION_RESULT_MESSAGES.amountMin)
      .max(DONATION_MAX_DOLLARS, DONATION_RESULT_MESSAGES.amountMax)
      .refine(hasAtMostTwoDecimals, DONATION_RESULT_MESSAGES.amountCents),
    token: z.string().trim().min(1, DONATION_RESULT_MESSAGES.tokenRequired).max(200).optional(),
    /** One of the signed-in donor's saved payment methods, instead of a token. */
    payment_method_id: z.uuid(DONATION_RESULT_MESSAGES.methodRequired).optional(),
    /** With Stripe: the id (`pm_…`) of the PaymentMethod Stripe.js created in the browser, charged once and never saved (decision 245). */
    stripe_payment_method: z
      .string()
      .trim()
      .regex(/^pm_\w{1,120}$/, DONATION_RESULT_MESSAGES.stripeMethodInvalid)
      .optional(),
    /** The donor agrees to share their e-mail with the charity (decision 136); off unless ticked. */
    share_email_with_charity: z.boolean().default(false),
  })
  .superRefine((body, context) => {
    const ways = [body.token, body.payment_method_id, body.stripe_payment_method].filter(Boolean).length;
    if (ways > 1) context.addIssue({ code: 'custom', path: ['payment_method_id'], message: DONATION_RESULT_MESSAGES.oneMethod });
    if (ways === 0) context.addIssue({ code: 'custom', path: ['token'], message: DONATION_RESULT_MESSAGES.tokenRequired });
  });
export type CharityDonationRequest = z.infer<typeof CharityDonationRequest>;

export const CharityDonationResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    donation: z.object({ _id: z.string(), charity_id: z.string(), amount: z.number(), status: z.literal('charged'), created_at: z.string() }),
  }),
});
export type CharityDonationResponse = z.infer<typeof CharityDonationResponse>;

/**
 * 202 with a Stripe payment method: the bank asks the donor to authenticate. Nothing is charged or
 * recorded yet; the page runs `stripe.handleNextAction` with the client secret and sends the same
 * request (same Idempotency-Key) again, answered 201 once the payment succeeded (decision 245).
 */
export const CharityDonationActionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ action: z.object({ type: z.literal('stripe_next_action'), client_secret: z.string() }) }),
});
export type CharityDonationActionResponse = z.infer<typeof CharityDonationActionResponse>;

/**
 * POST /api/charities/donations/stripe-return: the donor back on /charities from a payment method
 * that left the page (Stripe adds `payment_intent` and `payment_intent_client_secret` to the return
 * URL). The API reads the PaymentIntent from Stripe and books it if it succeeded and nothing booked
 * it yet (decision 255).
 */
export const StripeDonationReturnRequest = z.object({
  payment_intent: z
    .string()
    .trim()
    .regex(/^pi_\w{1,120}$/, DONATION_RESULT_MESSAGES.returnNotFound),
  client_secret: z.string().trim().min(1, DONATION_RESULT_MESSAGES.returnNotFound).max(300),
});
export type StripeDonationReturnRequest = z.infer<typeof StripeDonationReturnRequest>;

/** Booked (with the thank-you and the donation), processing, waiting for the bank, or failed (nothing charged). */
export const StripeDonationReturnResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    state: z.enum(['booked', 'processing', 'waiting', 'failed']),
    donation: CharityDonationResponse.shape.data.shape.donation.nullable(),
  }),
});
export type StripeDonationReturnResponse = z.infer<typeof StripeDonationReturnResponse>;
