import { z } from 'zod';
import { ConfirmMonthlyChargeRequest, StripeConfirmation } from './monthly-giving.ts';
import { PledgeStatusSchema } from './my-pledges.ts';

/** What the on-site confirmation of a pledge's charge says (decision 260); `{amount}` and `{campaign}` are filled in. */
export const PLEDGE_AUTHENTICATION_MESSAGES = {
  notFound: 'Pledge not found',
  charged: 'Thank you! Your card was charged {amount} for your pledge to "{campaign}".',
  alreadyCharged: 'Your pledge to "{campaign}" was already charged ({amount}); nothing more was charged.',
  notConfirmed: 'Your bank did not confirm the payment, so nothing was charged. You can try again, or choose another card under My Pledges.',
  notWaiting: 'This pledge’s charge is not waiting for your bank’s confirmation; nothing was charged now.',
} as const;

/**
 * POST /api/pledges/{id}/authenticate, after the bank's check in the browser: the same body as a
 * month's confirmation (empty with Stripe; the sandbox screen's choice otherwise).
 */
export const ConfirmPledgeChargeRequest = ConfirmMonthlyChargeRequest;
export type ConfirmPledgeChargeRequest = z.infer<typeof ConfirmPledgeChargeRequest>;

/** A pledge whose charge the bank asked the supporter to authenticate: what is to be paid, and how the browser confirms it. */
export const PledgeAuthentication = z.object({
  pledge_id: z.string(),
  campaign: z.object({ _id: z.string(), name: z.string() }),
  /** What the card is charged: the pledge, the tip and the cover of the fees, in dollars. */
  total: z.number(),
  amount: z.number(),
  tip: z.number(),
  cover: z.number(),
  /** The saved method the charge was tried with, named for people; null when it was removed. */
  card: z.string().nullable(),
  status: PledgeStatusSchema,
  /** The last charge attempt waits for the supporter's bank: it can be confirmed here. */
  waiting: z.boolean(),
  failure_reason: z.string().nullable(),
  charged_at: z.string().nullable(),
  /** When the failed-charge window ends (the last retry, then the pledge is dropped); null unless failed. */
  window_ends_at: z.string().nullable(),
  provider: z.enum(['sandbox', 'stripe']),
  /** With Stripe, while the charge waits: what Stripe.js needs to confirm its PaymentIntent. */
  stripe: StripeConfirmation.nullable(),
});
export type PledgeAuthentication = z.infer<typeof PledgeAuthentication>;

export const PledgeAuthenticationResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ authentication: PledgeAuthentication }),
});
export type PledgeAuthenticationResponse = z.infer<typeof PledgeAuthenticationResponse>;
