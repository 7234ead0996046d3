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
  oneMethod: 'Send either a card token or a saved payment method, not both',
  attemptKeyRequired: 'A donation with a saved payment method needs an Idempotency-Key header',
  charityNotFound: 'Charity not found',
} as const;

/**
 * POST /api/charities/{id}/donations: the donation dialog's fields with the payment either as the
 * token the sandbox card form (or Stripe) returned, or, signed in, as one of the donor's saved
 * payment methods (card, wallet or cash app, decision 160); the card itself never reaches this endpoint.
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
    /** The donor agrees to share their e-mail with the charity (decision 136); off unless ticked. */
    share_email_with_charity: z.boolean().default(false),
  })
  .superRefine((body, context) => {
    if (body.token && body.payment_method_id) context.addIssue({ code: 'custom', path: ['payment_method_id'], message: DONATION_RESULT_MESSAGES.oneMethod });
    if (!body.token && !body.payment_method_id) context.addIssue({ code: 'custom', path: ['token'], message: DONATION_RESULT_MESSAGES.tokenRequired });
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
