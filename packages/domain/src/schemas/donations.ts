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
  charityNotFound: 'Charity not found',
} as const;

/**
 * POST /api/charities/{id}/donations: the donation dialog's fields with the card replaced by the
 * token the sandbox card form (or Stripe) returned; the card itself never reaches this endpoint.
 */
export const CharityDonationRequest = z.object({
  ...donorFields,
  amount: z
    .number({ error: DONATION_MESSAGES.amountRequired })
    .positive(DONATION_MESSAGES.amountPositive)
    .min(1, DONATION_RESULT_MESSAGES.amountMin)
    .max(DONATION_MAX_DOLLARS, DONATION_RESULT_MESSAGES.amountMax)
    .refine(hasAtMostTwoDecimals, DONATION_RESULT_MESSAGES.amountCents),
  token: z.string({ error: DONATION_RESULT_MESSAGES.tokenRequired }).trim().min(1, DONATION_RESULT_MESSAGES.tokenRequired).max(200),
  /** The donor agrees to share their e-mail with the charity (decision 136); off unless ticked. */
  share_email_with_charity: z.boolean().default(false),
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
