import { z } from 'zod';
import { MATCH_RATIOS } from '../matching.ts';
import { hasAtMostTwoDecimals } from '../money.ts';
import { optionalInstantField } from './common.ts';
import { PLEDGE_MAX_DOLLARS, PLEDGE_MIN_DOLLARS } from './pledges.ts';

export const MATCH_SPONSOR_NAME_MAX_CHARS = 80;

export const MATCH_MESSAGES = {
  ratioRequired: 'Choose 1:1 or 2:1',
  capRequired: 'Cap is required',
  capMin: 'The cap must be at least $1',
  capMax: 'The cap cannot exceed $50,000',
  capCents: 'Use at most two decimals',
  sponsorNameRequired: 'Sponsor name is required',
  sponsorNameTooLong: `Keep the sponsor name under ${MATCH_SPONSOR_NAME_MAX_CHARS} characters`,
  windowDate: 'Please enter a valid date and time',
  windowOrder: 'The window must end after it starts',
  paymentMethodRequired: 'Please select a payment method or add a new one',
  created: 'Your match is offered. Your card will be charged only when the event is completed, for the pledges actually charged.',
  alreadyOffered: 'You already offer a match on this campaign',
  windowEnded: 'The window of a match must end in the future',
  chooseOption: 'This option is not part of the campaign',
  optionOnlyOnRunoff: 'Only a runoff campaign has options to match',
  notLive: 'This campaign is not accepting pledges right now',
  notFound: 'Event not found',
} as const;

const optionalInstant = optionalInstantField(MATCH_MESSAGES.windowDate);

/** POST /api/events/{id}/matches: a sponsor's match, charged at completion for the pledges actually charged. */
export const CreateMatchRequest = z
  .object({
    ratio: z
      .number({ error: MATCH_MESSAGES.ratioRequired })
      .refine((ratio) => (MATCH_RATIOS as readonly number[]).includes(ratio), MATCH_MESSAGES.ratioRequired),
    cap: z
      .number({ error: MATCH_MESSAGES.capRequired })
      .min(PLEDGE_MIN_DOLLARS, MATCH_MESSAGES.capMin)
      .max(PLEDGE_MAX_DOLLARS, MATCH_MESSAGES.capMax)
      .refine(hasAtMostTwoDecimals, MATCH_MESSAGES.capCents),
    /** The only name the match is shown under anywhere public, before and after its charge; not needed when anonymous. */
    sponsor_name: z
      .string({ error: MATCH_MESSAGES.sponsorNameRequired })
      .trim()
      .max(MATCH_SPONSOR_NAME_MAX_CHARS, MATCH_MESSAGES.sponsorNameTooLong)
      .default(''),
    /** Shown as "Anonymous", like an anonymous pledge, wherever the match is public. */
    anonymous: z.boolean().default(false),
    /** The window: only pledges made from `starts_at` (inclusive) until `ends_at` (exclusive) are matched. */
    starts_at: optionalInstant,
    ends_at: optionalInstant,
    payment_method_id: z.uuid({ error: MATCH_MESSAGES.paymentMethodRequired }),
    /** Runoff campaigns: the one option matched; absent, the whole campaign. */
    participant_id: z.uuid().nullish(),
  })
  .refine((body) => !body.starts_at || !body.ends_at || Date.parse(body.ends_at) > Date.parse(body.starts_at), {
    message: MATCH_MESSAGES.windowOrder,
    path: ['ends_at'],
  })
  .refine((body) => body.anonymous || body.sponsor_name.length > 0, { message: MATCH_MESSAGES.sponsorNameRequired, path: ['sponsor_name'] });
export type CreateMatchRequest = z.infer<typeof CreateMatchRequest>;
export type CreateMatchRequestInput = z.input<typeof CreateMatchRequest>;

/**
 * `offered`: waiting for the campaign's charge; `charging`: its amount is fixed and its charge in
 * progress; `charged`, `failed`, `dropped`: its charge's outcome; `not_charged`: nothing to match
 * ($0 is never charged); `released`: the campaign closed or missed its target.
 */
export const MATCH_STATUSES = ['offered', 'charging', 'charged', 'failed', 'dropped', 'not_charged', 'released'] as const;
export const MatchStatusSchema = z.enum(MATCH_STATUSES);

/** What an anonymous sponsor's match is shown as, like an anonymous pledge. */
export const ANONYMOUS_SPONSOR_NAME = 'Anonymous';

export const MatchResponse = z.object({
  _id: z.string(),
  event_id: z.string(),
  /** The name the sponsor chose, or "Anonymous" when they chose to be. */
  sponsor_name: z.string(),
  anonymous: z.boolean(),
  ratio: z.number(),
  cap: z.number(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  participant_id: z.string().nullable(),
  participant_name: z.string().nullable(),
  status: MatchStatusSchema,
  /**
   * The match so far (from the pledges currently counted), or once fixed, its amount: the first
   * charge and every top-up (a matched pledge declined at the charge and charged within its
   * failed-charge window adds to it, up to the cap).
   */
  matched_amount: z.number(),
  /** What of the fixed amount the sponsor's card was charged so far (0 while offered). */
  charged_amount: z.number(),
});
export type MatchResponse = z.infer<typeof MatchResponse>;

export const CreateMatchResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ match: MatchResponse }),
});

export const MatchListResponse = z.object({
  success: z.literal(true),
  data: z.object({ matches: z.array(MatchResponse) }),
});
export type MatchListResponse = z.infer<typeof MatchListResponse>;

/** A sponsor's own matches, each with its campaign's name (My Pledges). */
export const MyMatchesResponse = z.object({
  success: z.literal(true),
  data: z.object({ matches: z.array(MatchResponse.extend({ event_name: z.string() })) }),
});
export type MyMatchesResponse = z.infer<typeof MyMatchesResponse>;
