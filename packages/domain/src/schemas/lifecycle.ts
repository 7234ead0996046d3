import { z } from 'zod';
import { EventStatusSchema, FundingModel } from './event-response.ts';

/** Campaign life-cycle endpoints (docs/product.md#campaign-life-cycle, docs/architecture.md#api-conventions); every change goes through one service. */
export const LIFECYCLE_MESSAGES = {
  approved: 'Campaign approved',
  rejected: 'Campaign rejected',
  frozen: 'Campaign frozen',
  unfrozen: 'Campaign unfrozen',
  completed: 'Campaign marked complete. An admin will now charge its pledges.',
  closed: 'Campaign closed',
  chargeStarted: 'Charging has started',
  reasonRequired: 'Please give a reason',
} as const;

/** POST /api/admin/events/{id}/reject (reason required), freeze and unfreeze (reason optional). */
export const ReasonRequest = z.object({
  reason: z.string({ error: LIFECYCLE_MESSAGES.reasonRequired }).trim().min(1, LIFECYCLE_MESSAGES.reasonRequired).max(2000),
});
export const OptionalReasonRequest = z.object({ reason: z.string().trim().max(2000).default('') });

export const LifecycleResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  event: z.object({ _id: z.string(), status: EventStatusSchema }),
});
export type LifecycleResponse = z.infer<typeof LifecycleResponse>;

/** `held`: a crowdfunding run waiting for an admin's review before anything is charged (decision 068). */
export const CHARGE_RUN_STATUSES = ['held', 'running', 'finished'] as const;
/** Who started a run: an admin's charge, or the deadline job of a Money Bomb or Crowdfunding campaign. */
export const CHARGE_RUN_TRIGGERS = ['admin', 'deadline'] as const;

/** Supporters' pledges of a run by outcome, the creator's funding left out. */
export const ChargeRunPledgeCounts = z.object({
  total: z.number(),
  charged: z.number(),
  failed: z.number(),
  released: z.number(),
  charged_amount: z.number(),
});

/**
 * The creator's funding when the run settles it: charged at submission, so never charged again;
 * passed on to the charity when the run charges (`to_charity`: less its card fee and the 5%
 * platform fee), refunded less its card fee when it releases.
 */
export const ChargeRunFunding = z.object({ amount: z.number(), to_charity: z.number(), outcome: z.enum(['passed_on', 'refunding', 'refunded']) });
export type ChargeRunFunding = z.infer<typeof ChargeRunFunding>;

/**
 * A charge run: every pledge of a completed campaign charged (or released) by one job each.
 * `total`, `charged`, `failed`, `released` and `charged_amount` count everything the run settles;
 * `pledges` counts the supporters' pledges alone, `match_charges` the sponsors' matches (charged
 * after the pledges, decision 109), and `funding` says what happens to the creator's funding.
 * `open_disputes`: disputes of the run's charges still open, so a finished run does not read as
 * settled while one is.
 */
export const ChargeRun = z.object({
  _id: z.string(),
  event_id: z.string(),
  status: z.enum(CHARGE_RUN_STATUSES),
  /** `release` when All or Nothing missed its target: nobody is charged. */
  outcome: z.enum(['charge', 'release']),
  trigger: z.enum(CHARGE_RUN_TRIGGERS),
  total: z.number(),
  charged: z.number(),
  failed: z.number(),
  released: z.number(),
  charged_amount: z.number(),
  pledges: ChargeRunPledgeCounts,
  match_charges: ChargeRunPledgeCounts,
  funding: ChargeRunFunding.nullable(),
  open_disputes: z.number(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ChargeRun = z.infer<typeof ChargeRun>;

export const ChargeRunResponse = z.object({ success: z.literal(true), data: ChargeRun });
export type ChargeRunResponse = z.infer<typeof ChargeRunResponse>;

/** An admin's hold on a crowdfunding campaign's deadline charge (decision 068). */
export const ChargeHold = z.object({
  event_id: z.string(),
  reason: z.string(),
  held_at: z.string(),
  /** The run the deadline created and kept waiting, once the deadline has passed. */
  charge_run_id: z.string().nullable(),
});
export type ChargeHold = z.infer<typeof ChargeHold>;
export const ChargeHoldRequest = z.object({ reason: z.string().trim().max(500, 'The reason can be at most 500 characters').optional() });
export const ChargeHoldResponse = z.object({ success: z.literal(true), message: z.string(), data: ChargeHold.nullable() });
export type ChargeHoldResponse = z.infer<typeof ChargeHoldResponse>;

export const CHARGE_HOLD_MESSAGES = {
  held: 'Charging is on hold: nothing will be charged until you release it',
  released: 'The hold is lifted',
  releasedAndStarted: 'The hold is lifted and charging has started',
  onlyCrowdfunding: 'Only a crowdfunding campaign can be held for review',
  alreadyStarted: 'Charging of this campaign has already started: it can no longer be held',
  notHeld: 'This campaign is not on hold',
  notLive: 'Only a live, frozen or completed campaign can be held',
} as const;

/**
 * GET /api/events/{id}/lifecycle-preview: what Close and Complete would do with the money, worked
 * out on the server by the code that acts, shown in the confirmation before the creator acts.
 */
export const ClosePreview = z.object({
  allowed: z.boolean(),
  /** The creator's funding as charged; null when there is none to refund. */
  funding_amount: z.number().nullable(),
  /** Back to the creator's card: the funding less its card fee, the refund fee and 5%. */
  refund_amount: z.number(),
  /** Kept: the card fee, the refund fee and 5%. */
  kept_amount: z.number(),
  /** Supporters' pledges (and any not charged yet) released uncharged. */
  released_pledges: z.number(),
  released_amount: z.number(),
  /** Sponsors' match offers released with them: no sponsor is charged. */
  released_matches: z.number(),
});
/**
 * What a completed campaign's charge run charges, from one read on the server (`chargeFigures`)
 * and named alike on every screen: the host's Complete confirmation, the admin's charge-run card
 * and the run's progress line.
 */
export const ChargeFigures = z.object({
  /** `release` when All or Nothing is below its target: nobody is charged. */
  outcome: z.enum(['charge', 'release']),
  /** The supporters' pledges to charge (or release), and what their cards are charged: pledges, tips and fee covers. */
  pledges: z.object({ count: z.number(), amount: z.number() }),
  /** The sponsors' match charges: offered matches at most (fixed from the pledges actually charged), and fixed ones. */
  match_charges: z.object({ count: z.number(), amount: z.number() }),
  /** The creator's funding, charged at submission; `to_charity`: what the charity receives of it, less its card fee and the 5% platform fee (0 on release). */
  funding: z.object({ amount: z.number(), to_charity: z.number() }).nullable(),
});
export type ChargeFigures = z.infer<typeof ChargeFigures>;

/** A sponsor's match still offered: fixed at the charge run from the pledges actually charged. */
export const MatchPreview = z.object({
  sponsor_name: z.string(),
  ratio: z.number(),
  cap: z.number(),
  /** The match if every pledge counted now were charged: the most the sponsor's card would be charged. */
  at_most: z.number(),
});
export const CompletePreview = z.object({
  allowed: z.boolean(),
  /** What the admin's charge run would charge: the pledges, the match charges and the funding. */
  charge: ChargeFigures,
  /** What counts against an All or Nothing target, the funding included. */
  counted_amount: z.number(),
  target_amount: z.number(),
  funding_model: FundingModel,
  /** A runoff charges only the placements its creator chooses: the pledges' amount is then the most. */
  runoff: z.boolean(),
  /** Sponsors' matches, charged after the pledges (or released with them when nobody is charged). */
  matches: z.array(MatchPreview),
});
export const LifecyclePreview = z.object({ status: EventStatusSchema, close: ClosePreview, complete: CompletePreview });
export type LifecyclePreview = z.infer<typeof LifecyclePreview>;
export const LifecyclePreviewResponse = z.object({ success: z.literal(true), data: LifecyclePreview });
export type LifecyclePreviewResponse = z.infer<typeof LifecyclePreviewResponse>;
