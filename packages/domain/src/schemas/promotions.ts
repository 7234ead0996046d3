import { z } from 'zod';
import { actionResponse, okResponse } from './common.ts';

/**
 * Third-Party Promotion (docs/decisions/069-bidding-stacking-promotion.md): a signed-in user asks
 * to promote a campaign they do not host; once the host accepts, pledges made through their link
 * are credited to them. Attribution never moves money.
 */
export const PROMOTION_NOTE_MAX_CHARS = 280;
export const PROMOTION_STATUSES = ['pending', 'accepted', 'declined', 'ended'] as const;
export const PromotionStatus = z.enum(PROMOTION_STATUSES);
export type PromotionStatus = z.infer<typeof PromotionStatus>;

export const PROMOTION_MESSAGES = {
  requested: 'Your request is sent. You can share your own link once the host accepts it.',
  ownCampaign: 'You host this campaign: share its page directly',
  notLive: 'Only a live campaign can be promoted',
  alreadyPending: 'You already asked to promote this campaign; the host has not answered yet',
  alreadyAccepted: 'You already promote this campaign',
  declined: 'The host declined your request to promote this campaign',
  ended: 'The host ended your promotion of this campaign',
  notFound: 'Promotion not found',
  notPending: 'This request was already answered',
  notActive: 'Only an accepted promotion can be ended',
  noteTooLong: `Keep your note under ${PROMOTION_NOTE_MAX_CHARS} characters`,
  /** `{name}` is the promoter's public name. */
  accepted: '{name} can now share their promotion link',
  declinedDone: 'Request declined',
  endedDone: 'Promotion ended. Pledges already made through the link stay credited.',
} as const;

/** POST /api/events/{id}/promotions: an optional note to the host. */
export const PromotionRequest = z.object({
  note: z.string().trim().max(PROMOTION_NOTE_MAX_CHARS, PROMOTION_MESSAGES.noteTooLong).default(''),
});
export type PromotionRequest = z.infer<typeof PromotionRequest>;
export type PromotionRequestInput = z.input<typeof PromotionRequest>;

const Promoter = z.object({ _id: z.string(), name: z.string(), image: z.string() });

/** Pledges credited to a promotion: the counted ones, as in the campaign's totals. */
const Attribution = z.object({ pledges: z.number(), raised: z.number() });

/** "Promoted by {name}" on the campaign page: accepted promotions and ended ones (their credit stays). */
export const PublicPromotion = Attribution.extend({
  _id: z.string(),
  promoter: Promoter,
  status: z.enum(['accepted', 'ended']),
});
export type PublicPromotion = z.infer<typeof PublicPromotion>;

export const CampaignPromotionsResponse = okResponse(z.object({ promotions: z.array(PublicPromotion) }));
export type CampaignPromotionsResponse = z.infer<typeof CampaignPromotionsResponse>;

/** Every request of a campaign, as its host answers them. */
export const ManagedPromotion = Attribution.extend({
  _id: z.string(),
  promoter: Promoter,
  status: PromotionStatus,
  note: z.string(),
  created_at: z.string(),
  answered_at: z.string().nullable(),
  ended_at: z.string().nullable(),
});
export type ManagedPromotion = z.infer<typeof ManagedPromotion>;

export const ManagedPromotionsResponse = okResponse(z.object({ promotions: z.array(ManagedPromotion) }));
export type ManagedPromotionsResponse = z.infer<typeof ManagedPromotionsResponse>;

export const PromotionActionResponse = actionResponse(ManagedPromotion);
export type PromotionActionResponse = z.infer<typeof PromotionActionResponse>;

/** The caller's own request for one campaign; `path` is the link to share once accepted. */
export const MyPromotion = Attribution.extend({
  _id: z.string(),
  event_id: z.string(),
  status: PromotionStatus,
  path: z.string().nullable(),
});
export type MyPromotion = z.infer<typeof MyPromotion>;

/** `is_host`: the caller hosts the campaign, so there is nothing to ask (they share its page directly). */
export const MyPromotionResponse = okResponse(z.object({ promotion: MyPromotion.nullable(), is_host: z.boolean() }));
export type MyPromotionResponse = z.infer<typeof MyPromotionResponse>;

export const RequestPromotionResponse = actionResponse(MyPromotion);
export type RequestPromotionResponse = z.infer<typeof RequestPromotionResponse>;

/** The link a promoter shares: the campaign page, with the promotion it credits. */
export function promotionPath(eventId: string, promotionId: string): string {
  return `/events/${eventId}?via=${promotionId}`;
}
