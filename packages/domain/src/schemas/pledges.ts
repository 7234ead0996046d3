import { z } from 'zod';
import { TIP_DEFAULT_PERCENT, TIP_MAX_PERCENT } from '../fees.ts';
import { hasAtMostTwoDecimals } from '../money.ts';
import { PledgeStatusSchema } from './my-pledges.ts';

/** A supporter's pledge: $1 to $50,000 (docs/money.md#rules), and at most the campaign's donation limit. */
export const PLEDGE_MIN_DOLLARS = 1;
export const PLEDGE_MAX_DOLLARS = 50_000;
export const PLEDGE_MESSAGE_MAX_CHARS = 280;

export const PLEDGE_FORM_MESSAGES = {
  amountRequired: 'Amount is required',
  amountMin: 'Amount must be at least $1',
  amountMax: 'Amount cannot exceed $50,000',
  amountCents: 'Use at most two decimals',
  /** `{limit}` is the campaign's donation limit in dollars, e.g. $250. */
  overDonationLimit: 'This campaign accepts pledges of at most {limit}',
  paymentMethodRequired: 'Please select a payment method or add a new one',
  messageTooLong: `Keep your message under ${PLEDGE_MESSAGE_MAX_CHARS} characters`,
  notLive: 'This campaign is not accepting pledges right now',
  frozen: 'Event Frozen',
  created: 'Your pledge is saved. Your card will be charged only when the event is completed.',
} as const;

/** POST /api/events/{id}/pledges: the card is saved for later, not charged (docs/product.md#campaign-life-cycle). */
export const CreatePledgeRequest = z.object({
  amount: z
    .number({ error: PLEDGE_FORM_MESSAGES.amountRequired })
    .min(PLEDGE_MIN_DOLLARS, PLEDGE_FORM_MESSAGES.amountMin)
    .max(PLEDGE_MAX_DOLLARS, PLEDGE_FORM_MESSAGES.amountMax)
    .refine(hasAtMostTwoDecimals, PLEDGE_FORM_MESSAGES.amountCents),
  tip_percent: z.number().int().min(0).max(TIP_MAX_PERCENT).default(TIP_DEFAULT_PERCENT),
  cover_fees: z.boolean().default(false),
  anonymous: z.boolean().default(false),
  message: z.string().trim().max(PLEDGE_MESSAGE_MAX_CHARS, PLEDGE_FORM_MESSAGES.messageTooLong).default(''),
  payment_method_id: z.uuid({ error: PLEDGE_FORM_MESSAGES.paymentMethodRequired }),
  /** Runoff campaigns: the option (participant) this pledge backs. */
  participant_id: z.uuid().nullish(),
  /** The supporter wants the campaign's updates by e-mail. */
  notify_updates: z.boolean().default(false),
  /** The supporter agrees to share their e-mail with the campaign's charity (decision 136); off unless ticked. */
  share_email_with_charity: z.boolean().default(false),
  /** The supporter agrees to share their e-mail with the campaign's host (exports and webhooks; decision 149). Off unless chosen. */
  share_email_with_host: z.boolean().default(false),
  /**
   * The promotion link the supporter came through (`/events/{id}?via={promotionId}`). Anything that
   * is not an accepted promotion of this campaign is ignored: a link never makes a pledge fail.
   */
  via: z.string().max(64).nullish().catch(null),
  /**
   * The fundraising page the supporter came through (`/events/{id}?page={pageId}`, decision 110).
   * Anything that is not a shown page of this campaign is ignored, as `via` is.
   */
  page: z.string().max(64).nullish().catch(null),
});
export type CreatePledgeRequest = z.infer<typeof CreatePledgeRequest>;
export type CreatePledgeRequestInput = z.input<typeof CreatePledgeRequest>;

/** The breakdown of docs/money.md#rules, in dollars at this edge. */
export const PledgeBreakdown = z.object({
  amount: z.number(),
  tip: z.number(),
  platform_fee: z.number(),
  card_fee: z.number(),
  cover: z.number(),
  total: z.number(),
  net_to_charity: z.number(),
});
export type PledgeBreakdown = z.infer<typeof PledgeBreakdown>;

export const PledgeResponse = z.object({
  _id: z.string(),
  event_id: z.string(),
  status: PledgeStatusSchema,
  anonymous: z.boolean(),
  message: z.string(),
  participant_id: z.string().nullable(),
  /** The fundraising page the pledge was made through, if any. */
  fundraising_page_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  charged_at: z.string().nullable(),
  breakdown: PledgeBreakdown,
});
export type PledgeResponse = z.infer<typeof PledgeResponse>;

export const CreatePledgeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ pledge: PledgeResponse }),
});
export type CreatePledgeResponse = z.infer<typeof CreatePledgeResponse>;

/** GET /api/events/{id}/supporters: names hidden for anonymous pledges. */
export const Supporter = z.object({
  _id: z.string(),
  /** null for an anonymous pledge: shown as "Anonymous". */
  name: z.string().nullable(),
  amount: z.number(),
  message: z.string(),
  participant_id: z.string().nullable(),
  created_at: z.string(),
});
export type Supporter = z.infer<typeof Supporter>;

export const SupportersResponse = z.object({
  success: z.literal(true),
  data: z.object({ supporters: z.array(Supporter), count: z.number(), total: z.number() }),
});
export type SupportersResponse = z.infer<typeof SupportersResponse>;

/** A fundraising page's line of the leaderboard, as a live message sends it when it changed. */
const LivePageLine = z.object({ _id: z.string(), raised: z.number(), supporters: z.number() });
/** A promoter's credited pledges ("Promoted by"), as a live message sends them when they changed. */
const LivePromotionLine = z.object({ _id: z.string(), raised: z.number(), pledges: z.number() });

/**
 * One message of GET /api/events/{id}/live (server-sent events, `event: totals`): the figures a
 * campaign page shows, sent whenever they change on any instance (decision 129). The first message
 * of a stream carries every line; each later one, numbered by `seq` on its `stream`, only what
 * changed since the one before, so a page that missed none applies it without reading.
 */
export const LiveFigures = z.object({
  event_id: z.string(),
  payment_amount: z.number(),
  supporters: z.number(),
  pledge_count: z.number(),
  status: z.string(),
  /** Runoff campaigns: each option's raised sum and supporter count. */
  options: z.array(z.object({ participant_id: z.string(), raised: z.number(), supporters: z.number() })).default([]),
});
export type LiveFigures = z.infer<typeof LiveFigures>;

export const LiveTotals = LiveFigures.extend({
  /** This instance's numbering of the campaign's messages: a reconnect to another instance is another stream. */
  stream: z.string().default(''),
  seq: z.number().int().default(0),
  /** Supporters counted since the previous message, newest first, named as on the supporters list (at most a page of them). */
  supporters_added: z.array(Supporter).default([]),
  /** Each sponsor's match so far that changed: the match line's figure. */
  matches: z.array(z.object({ _id: z.string(), status: z.string(), matched_amount: z.number() })).default([]),
  /** Fundraising pages' leaderboard lines that changed, and the pages gone from it (hidden). */
  fundraising_pages: z.array(LivePageLine).default([]),
  fundraising_pages_removed: z.array(z.string()).default([]),
  /** Promoters' credited pledges ("Promoted by") that changed. */
  promotions: z.array(LivePromotionLine).default([]),
});
export type LiveTotals = z.infer<typeof LiveTotals>;
