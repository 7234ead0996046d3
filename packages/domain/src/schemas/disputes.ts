import { z } from 'zod';
import { actionResponse, okResponse } from './common.ts';
import { optionalDollarAmountField } from './event-fields.ts';

/**
 * Disputes (chargebacks, decision 093): the donor's bank reverses a charge; the provider withdraws
 * it with its dispute fee; a won dispute gives both back. Money in dollars at this edge.
 */
export const DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;
export const DisputeStatusSchema = z.enum(DISPUTE_STATUSES);
export type DisputeStatus = z.infer<typeof DisputeStatusSchema>;

export const DISPUTE_MESSAGES = {
  notFound: 'Dispute not found',
  alreadyClosed: 'This dispute is already closed',
  sandboxOnly: 'Disputes are closed by the payment provider; only the sandbox can close one here',
  sandboxWon: 'SANDBOX: the dispute was closed as won; the charge is booked again',
  sandboxLost: 'SANDBOX: the dispute was closed as lost',
  sandboxOpened: "SANDBOX: the donor's bank disputed the charge; the dispute is booked",
  sandboxAmount: 'Enter the disputed amount in dollars, at least $0.01, with at most two decimals',
  sandboxNotCharged: 'Only a charged pledge can be disputed',
  sandboxAlreadyDisputed: "This pledge's charge is disputed already; a charge is disputed once",
  pledgeNotFound: 'Pledge not found',
} as const;

export const AdminDisputeRow = z.object({
  _id: z.string(),
  /** The provider's reference of the dispute (`dp_…`). */
  provider_ref: z.string(),
  status: DisputeStatusSchema,
  reason: z.string(),
  /** What the bank took back from the charge, and the provider's fee for the dispute. */
  amount: z.number(),
  fee: z.number(),
  /** Taken from the charity's payable (money not yet paid out) and borne by the platform. */
  charity_share: z.number(),
  platform_share: z.number(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  /** The disputed pledge and its campaign; both null for a donation's dispute. */
  pledge: z.object({ _id: z.string(), amount: z.number(), charged: z.number() }).nullable(),
  campaign: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** The disputed donation (made from /charities); null for a pledge's dispute. */
  donation: z.object({ _id: z.string(), amount: z.number() }).nullable(),
  /** The disputed month of a monthly gift (its gift, its period, what the card paid); null otherwise. */
  monthly_gift: z.object({ _id: z.string(), period: z.string(), amount: z.number() }).nullable(),
  donor: z.object({ name: z.string(), email: z.string() }).nullable(),
  charity_name: z.string().nullable(),
});
export type AdminDisputeRow = z.infer<typeof AdminDisputeRow>;

/** GET /api/admin/disputes: newest first, with the open ones counted. */
export const AdminDisputesResponse = okResponse(z.object({ items: z.array(AdminDisputeRow), open_count: z.number(), sandbox: z.boolean() }));
export type AdminDisputesResponse = z.infer<typeof AdminDisputesResponse>;

/** POST /api/admin/disputes/{id}/sandbox-outcome: the sandbox provider decides an open dispute (tests and demos). */
export const SandboxDisputeOutcomeRequest = z.object({
  outcome: z.enum(['won', 'lost'], { error: 'Choose won or lost' }),
});
export type SandboxDisputeOutcomeRequest = z.infer<typeof SandboxDisputeOutcomeRequest>;
export const SandboxDisputeOutcomeResponse = actionResponse(AdminDisputeRow);
export type SandboxDisputeOutcomeResponse = z.infer<typeof SandboxDisputeOutcomeResponse>;

/**
 * POST /api/admin/pledges/{id}/sandbox-dispute: the sandbox's donor bank disputes a charged
 * pledge's charge (tests and demos), for all of it or `amount` dollars (capped at the charge).
 */
export const SandboxOpenDisputeRequest = z.object({
  amount: optionalDollarAmountField(DISPUTE_MESSAGES.sandboxAmount, 0.01, 1_000_000),
});
export type SandboxOpenDisputeRequest = z.input<typeof SandboxOpenDisputeRequest>;
export const SandboxOpenDisputeResponse = actionResponse(AdminDisputeRow);
export type SandboxOpenDisputeResponse = z.infer<typeof SandboxOpenDisputeResponse>;
