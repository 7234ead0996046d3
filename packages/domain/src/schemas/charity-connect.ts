import { z } from 'zod';

/** Charities on Stripe Connect (decisions 130, 131): what the admin console and the sandbox's onboarding page read and send. */
export const CONNECT_MESSAGES = {
  charityNotFound: 'Charity not found',
  notConnected: 'This charity has no connected account yet. Start its onboarding first.',
  onboardingStarted: 'Onboarding page ready',
  refreshed: 'Account state read from the payment provider',
  transfersRun: 'Transfers run',
  sandboxOnly: 'This page exists only with the sandbox payment provider',
  accountNotFound: 'No such connected account',
  bankAccountInvalid: 'Please enter a bank account number of 4 to 17 digits',
  movementNotFound: 'Transfer not found',
  movementNotHeld: 'Only a transfer or reversal held for a different amount can be resolved here',
  lookedUpMade: 'Found at the payment provider with the right amount: booked as made',
  lookedUpHeld: 'The payment provider still reports a different amount: held for review',
  lookedUpMissing: 'The payment provider has no such movement: it will be sent by the next transfers run',
  markedForReview: 'Marked for manual review: it will not be sent again; settle it on the provider’s dashboard',
  paidByTransfers: 'This charity is paid by transfers to its connected account; a recorded payout can cover only what those transfers will not carry',
} as const;

/** The connected account's state as the provider last reported it. */
export const ConnectAccountState = z.object({
  account_ref: z.string(),
  details_submitted: z.boolean(),
  payouts_enabled: z.boolean(),
  requirements_due: z.array(z.string()),
  updated_at: z.string(),
});
export type ConnectAccountState = z.infer<typeof ConnectAccountState>;

/** One charity on the admin console's Connect page: on Connect or not, and what it is owed (dollars). */
export const CharityConnectRow = z.object({
  charity_id: z.string(),
  name: z.string(),
  account: ConnectAccountState.nullable(),
  /** Payable in the ledger, not yet transferred or paid out. */
  payable: z.number(),
  /** Of `payable`, what Connect transfers will carry (due or in flight). */
  to_transfer: z.number(),
  /** What a recorded payout must still cover: all of `payable` without a connected account. */
  owed_outside_connect: z.number(),
  transferred: z.number(),
  reversed: z.number(),
});
export type CharityConnectRow = z.infer<typeof CharityConnectRow>;

export const CharityConnectListResponse = z.object({
  success: z.literal(true),
  data: z.object({ charities: z.array(CharityConnectRow), sandbox: z.boolean() }),
});
export type CharityConnectListResponse = z.infer<typeof CharityConnectListResponse>;

export const StartOnboardingResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ url: z.string(), account: ConnectAccountState }),
});
export type StartOnboardingResponse = z.infer<typeof StartOnboardingResponse>;

export const RefreshAccountResponse = z.object({ success: z.literal(true), message: z.string(), data: z.object({ account: ConnectAccountState }) });
export type RefreshAccountResponse = z.infer<typeof RefreshAccountResponse>;

/** A pledge (or donation) a transfer or reversal carried. */
export const CarriedPledge = z.object({
  pledge_id: z.string().nullable(),
  donation_id: z.string().nullable(),
  campaign: z.object({ _id: z.string(), name: z.string() }).nullable(),
  supporter_name: z.string(),
  charged: z.number(),
});

/** One transfer to the charity's connected account, or a reversal of one, with what it carried. */
export const CharityTransferRow = z.object({
  _id: z.string(),
  kind: z.enum(['transfer', 'reversal']),
  /**
   * `held`: the provider answered another amount than this movement's, so it is neither booked nor
   * sent again until an admin looks it up again; `manual_review`: an admin took it to the provider's
   * dashboard, and the app no longer sends it.
   */
  status: z.enum(['pending', 'made', 'held', 'manual_review']),
  amount: z.number(),
  provider_ref: z.string().nullable(),
  charge_ref: z.string(),
  reverses: z.string().nullable(),
  created_at: z.string(),
  made_at: z.string().nullable(),
  last_error: z.string().nullable(),
  carried: CarriedPledge,
});
export type CharityTransferRow = z.infer<typeof CharityTransferRow>;

export const CharityTransfersResponse = z.object({ success: z.literal(true), data: z.object({ items: z.array(CharityTransferRow) }) });
export type CharityTransfersResponse = z.infer<typeof CharityTransfersResponse>;

export const RunTransfersResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ created: z.number(), made: z.number(), waiting: z.number() }),
});
export type RunTransfersResponse = z.infer<typeof RunTransfersResponse>;

/** The sandbox's simulated onboarding page (Stripe's hosted onboarding stands here). */
export const SandboxConnectAccount = z.object({
  account_ref: z.string(),
  business_name: z.string(),
  details_submitted: z.boolean(),
  payouts_enabled: z.boolean(),
  requirements_due: z.array(z.string()),
  bank_last4: z.string().nullable(),
  payouts: z.array(z.object({ ref: z.string(), amount: z.number(), bank_last4: z.string(), created_at: z.string() })),
});
export type SandboxConnectAccount = z.infer<typeof SandboxConnectAccount>;

export const SandboxConnectAccountResponse = z.object({ success: z.literal(true), data: SandboxConnectAccount });

export const SandboxOnboardingRequest = z.object({
  bank_account_number: z
    .string()
    .trim()
    .regex(/^[\d\s-]{4,24}$/, CONNECT_MESSAGES.bankAccountInvalid)
    .refine((value) => /^\d{4,17}$/.test(value.replace(/[\s-]/g, '')), CONNECT_MESSAGES.bankAccountInvalid),
  /** Leaves a requirement due, as Stripe does when it asks for more (the demo's first pass). */
  leave_requirement_due: z.boolean(),
});
export type SandboxOnboardingRequest = z.infer<typeof SandboxOnboardingRequest>;

/** POST /api/admin/charity-transfers/{id}/resolve: a held movement looked up at the provider again, or marked for manual review. */
export const ResolveHeldMovementRequest = z.object({
  action: z.enum(['look_up', 'manual_review'], { error: 'Choose to look the movement up again or to mark it for manual review' }),
});
export type ResolveHeldMovementRequest = z.infer<typeof ResolveHeldMovementRequest>;
export const ResolveHeldMovementResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ outcome: z.enum(['made', 'held', 'pending', 'manual_review']), movement: CharityTransferRow }),
});
export type ResolveHeldMovementResponse = z.infer<typeof ResolveHeldMovementResponse>;
