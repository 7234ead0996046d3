import { z } from 'zod';

/** Typing this word confirms closure when the password is not given. */
export const CLOSE_ACCOUNT_CONFIRMATION = 'CLOSE';

/** With a launched campaign the account closes this long after the campaign closes (docs/product.md#closing-an-account). */
export const CLOSURE_DELAY_MONTHS = 3;

export const CloseAccountRequest = z
  .object({
    password: z.string().max(128).optional().default(''),
    confirmation: z.string().max(20).optional().default(''),
  })
  .refine((body) => body.password.length > 0 || body.confirmation.trim().toUpperCase() === CLOSE_ACCOUNT_CONFIRMATION, {
    message: `Enter your password or type ${CLOSE_ACCOUNT_CONFIRMATION} to confirm`,
    path: ['password'],
  });
export type CloseAccountRequest = z.infer<typeof CloseAccountRequest>;

export const AccountClosureStatus = z.object({
  /** What would happen (or has been scheduled). */
  outcome: z.enum(['immediate', 'scheduled', 'pending_campaigns']),
  scheduled_at: z.string().nullable(),
  launched_campaigns: z.array(z.object({ _id: z.string(), name: z.string(), status: z.string() })),
  pending_pledges: z.number(),
});
export type AccountClosureStatus = z.infer<typeof AccountClosureStatus>;

/** GET /account/closure: the status, and whether the user asked for the closure. */
export const AccountClosureStatusResponse = z.object({ success: z.literal(true), data: AccountClosureStatus.extend({ requested: z.boolean() }) });
export const CloseAccountResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  deleted: z.boolean(),
  data: AccountClosureStatus,
});
export type CloseAccountResponse = z.infer<typeof CloseAccountResponse>;
