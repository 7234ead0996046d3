import { z } from 'zod';
import { EventStatusSchema } from './event-response.ts';

/**
 * `disputed`: the donor's bank reversed the charge and the dispute is open (counted in no total);
 * a won dispute makes it `charged` again, a lost one `dispute_lost` for good (decision 093).
 */
export const PLEDGE_STATUSES = ['pending', 'charged', 'failed', 'dropped', 'released', 'refunded', 'disputed', 'dispute_lost'] as const;
export const PledgeStatusSchema = z.enum(PLEDGE_STATUSES);
export type PledgeStatus = z.infer<typeof PledgeStatusSchema>;

export { PLEDGE_MESSAGES } from '../pledge-messages.ts';

/**
 * Whether the supporter may raise this pledge (Bidding Power) and what the raise dialog starts
 * from: the earlier tip and cover choices, the highest amount allowed, the fee rate.
 */
export const PledgeRaiseOffer = z.object({
  allowed: z.boolean(),
  /** Why a pending pledge cannot be raised, shown on its card; null when it can or is not pending. */
  refusal: z.string().nullable(),
  /** The most this pledge may become: $50,000, or the campaign's donation limit. */
  max_amount: z.number(),
  tip_percent: z.number(),
  cover_fees: z.boolean(),
  /** The supporter hosts the campaign: the platform fee is 5%, not 3%. */
  is_creator: z.boolean(),
  charity_name: z.string().nullable(),
});
export type PledgeRaiseOffer = z.infer<typeof PledgeRaiseOffer>;

/** A pledge as docs/product.md#3-data names it; amounts in dollars at this edge. */
export const MyPledgeResponse = z.object({
  _id: z.string(),
  /** `match`: a sponsor's match, charged as a pledge of its own once its amount was fixed (decision 109). */
  kind: z.enum(['pledge', 'match']),
  amount: z.number(),
  tip: z.number(),
  status: PledgeStatusSchema,
  failure_reason: z.string().nullable(),
  /** A failed charge the bank asked the supporter to authenticate: it can be confirmed on the site (decision 260). */
  needs_authentication: z.boolean(),
  /** What went back to the card (a closed or deleted campaign's funding); 0 when nothing was refunded. */
  refunded_amount: z.number(),
  /** Once charged: what of it is for the charity after fees (0 before). */
  to_charity: z.number(),
  /** What of `to_charity` a payout has passed on to the charity (payouts reach a charity's campaigns oldest first). */
  passed_on: z.number(),
  createdAt: z.string(),
  /** "Share my e-mail address with the host / the charity" as now chosen; changeable any time (decision 183). */
  share_email_with_host: z.boolean(),
  share_email_with_charity: z.boolean(),
  raise: PledgeRaiseOffer,
  event: z.object({
    _id: z.string(),
    name: z.string(),
    description: z.string(),
    categories: z.array(z.string()),
    target_amount: z.number(),
    payment_amount: z.number(),
    event_date: z.string().nullable(),
    location_type: z.enum(['physical', 'virtual']),
    event_location: z.string(),
    online_event_link: z.string(),
    status: EventStatusSchema,
    banner_image_url: z.string(),
    host: z.object({ full_name: z.string() }),
  }),
});
export type MyPledgeResponse = z.infer<typeof MyPledgeResponse>;

export const PledgeStats = z.object({
  totalPledged: z.number(),
  totalEvents: z.number(),
  pendingPledges: z.number(),
  deductedPledges: z.number(),
});
export type PledgeStats = z.infer<typeof PledgeStats>;

export const MyPledgesResponse = z.object({
  success: z.literal(true),
  data: z.object({ pledges: z.array(MyPledgeResponse), stats: PledgeStats }),
});
export type MyPledgesResponse = z.infer<typeof MyPledgesResponse>;

export const EMAIL_SHARING_MESSAGES = {
  nothingChosen: 'Choose whom to share your e-mail with',
  pledgeNotFound: 'Pledge not found',
} as const;

/** PUT /api/pledges/{id}/email-sharing: change later who this pledge shares the supporter's e-mail with (decision 183). */
export const PledgeEmailSharingRequest = z
  .object({ share_email_with_host: z.boolean().optional(), share_email_with_charity: z.boolean().optional() })
  .refine((body) => body.share_email_with_host !== undefined || body.share_email_with_charity !== undefined, { message: EMAIL_SHARING_MESSAGES.nothingChosen });
export type PledgeEmailSharingRequest = z.infer<typeof PledgeEmailSharingRequest>;

export const PledgeEmailSharingResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ _id: z.string(), share_email_with_host: z.boolean(), share_email_with_charity: z.boolean() }),
});

/** The confirmation, saying what the host and the charity see from now on. */
export function emailSharingMessage(sharing: { share_email_with_host?: boolean; share_email_with_charity: boolean }): string {
  const whom = (shared: boolean, who: string) => `${who} ${shared ? 'sees' : 'does not see'} your e-mail address`;
  const parts = [
    sharing.share_email_with_host === undefined ? null : whom(sharing.share_email_with_host, 'the host'),
    whom(sharing.share_email_with_charity, 'the charity'),
  ];
  return `Saved: from now on ${parts.filter(Boolean).join(' and ')} in their exports and events.`;
}
