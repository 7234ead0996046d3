import { z } from 'zod';
import { TIP_DEFAULT_PERCENT, TIP_MAX_PERCENT } from '../fees.ts';
import { actionResponse } from './common.ts';
import { CreatePledgeRequest, PledgeResponse } from './pledges.ts';

/**
 * Bidding Power (docs/decisions/069-bidding-stacking-promotion.md): a supporter raises their own
 * pending pledge in place. It goes up, never down, and is still charged only when the campaign is.
 */
export const RAISE_MESSAGES = {
  /** `{amount}` is the current pledge in dollars, e.g. $25.00. */
  notHigher: 'Your new pledge must be higher than your current pledge of {amount}',
  fixedAmount: 'Every pledge to this runoff is one fixed amount, so it cannot be raised',
  notPending: 'Only a pledge that has not been charged yet can be raised',
  funding: "A campaign's funding cannot be raised",
  frozen: 'This campaign is frozen, so pledges cannot be raised right now',
  notLive: 'This campaign is not taking pledges, so pledges cannot be raised',
  atMaximum: 'This pledge is already the most this campaign accepts',
  notFound: 'Pledge not found',
  requestKeyReused: 'This Idempotency-Key was already used for a different raise',
  raised: 'Your pledge is raised. Your card will be charged only when the event is completed.',
} as const;

/**
 * POST /api/pledges/{id}/raise: the new amount (the same rules as a pledge's: $1 to $50,000, two
 * decimals) with the tip and cover choices, from which the fees are computed again.
 */
export const RaisePledgeRequest = z.object({
  amount: CreatePledgeRequest.shape.amount,
  tip_percent: z.number().int().min(0).max(TIP_MAX_PERCENT).default(TIP_DEFAULT_PERCENT),
  cover_fees: z.boolean().default(false),
});
export type RaisePledgeRequest = z.infer<typeof RaisePledgeRequest>;
export type RaisePledgeRequestInput = z.input<typeof RaisePledgeRequest>;

export const RaisePledgeResponse = actionResponse(z.object({ pledge: PledgeResponse, previous_amount: z.number() }));
export type RaisePledgeResponse = z.infer<typeof RaisePledgeResponse>;
