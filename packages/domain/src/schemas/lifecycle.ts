import { z } from 'zod';
import { EventStatusSchema } from './event-response.ts';

/** Campaign life-cycle endpoints (DESIGN.md sections 4 and 6); every change goes through one service. */
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

export const CHARGE_RUN_STATUSES = ['running', 'finished'] as const;

/** A charge run: every pledge of a completed campaign charged (or released) by one job each. */
export const ChargeRun = z.object({
  _id: z.string(),
  event_id: z.string(),
  status: z.enum(CHARGE_RUN_STATUSES),
  /** `release` when All or Nothing missed its target: nobody is charged. */
  outcome: z.enum(['charge', 'release']),
  total: z.number(),
  charged: z.number(),
  failed: z.number(),
  released: z.number(),
  charged_amount: z.number(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ChargeRun = z.infer<typeof ChargeRun>;

export const ChargeRunResponse = z.object({ success: z.literal(true), data: ChargeRun });
export type ChargeRunResponse = z.infer<typeof ChargeRunResponse>;
