import { z } from 'zod';
import { IdentityStatus } from './auth.ts';

/** Identity verification (phase 1 of campaign creation, docs/product.md#identity). */

export const IDENTITY_MESSAGES = {
  legalNameRequired: 'Legal name is required',
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthInvalid: 'Please enter a valid date',
  tooYoung: 'You must be at least 18 years old',
  documentRequired: 'Document number is required',
  documentInvalid: 'Document number must be 6 to 20 letters or digits',
  verified: 'Your identity has been verified',
  failed: 'We could not verify your identity. Please check what you entered and try again.',
  alreadyVerified: 'Your identity is already verified',
  sessionNotFound: 'Verification session not found',
  sessionClosed: 'This verification session is no longer open. Please start again.',
  badSignature: 'Invalid webhook signature',
} as const;

/** Sandbox rule, shown on the hosted page: a document number starting with 0000 is declined. */
export const SANDBOX_DECLINED_PREFIX = '0000';

function ageOn(dateOfBirth: string, now: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age -= 1;
  return age;
}

export const SandboxVerificationRequest = z.object({
  legalName: z.string({ error: IDENTITY_MESSAGES.legalNameRequired }).trim().min(1, IDENTITY_MESSAGES.legalNameRequired).max(120),
  dateOfBirth: z
    .string({ error: IDENTITY_MESSAGES.dateOfBirthRequired })
    .trim()
    .min(1, IDENTITY_MESSAGES.dateOfBirthRequired)
    .regex(/^\d{4}-\d{2}-\d{2}$/, IDENTITY_MESSAGES.dateOfBirthInvalid)
    .refine((value) => !Number.isNaN(new Date(`${value}T00:00:00Z`).getTime()), IDENTITY_MESSAGES.dateOfBirthInvalid)
    .refine((value) => ageOn(value, new Date()) >= 18, IDENTITY_MESSAGES.tooYoung),
  documentNumber: z
    .string({ error: IDENTITY_MESSAGES.documentRequired })
    .trim()
    .min(1, IDENTITY_MESSAGES.documentRequired)
    .regex(/^[A-Za-z0-9]{6,20}$/, IDENTITY_MESSAGES.documentInvalid),
});
export type SandboxVerificationRequest = z.infer<typeof SandboxVerificationRequest>;

export const IdentitySessionSummary = z.object({
  id: z.string(),
  status: z.enum(['open', 'processing', 'verified', 'failed']),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
});

export const IdentityStatusResponse = z.object({
  success: z.literal(true),
  identity_status: IdentityStatus,
  provider: z.string(),
  session: IdentitySessionSummary.nullable(),
});
export type IdentityStatusResponse = z.infer<typeof IdentityStatusResponse>;

export const StartIdentitySessionRequest = z.object({ next: z.string().max(300).optional() }).optional();

export const StartIdentitySessionResponse = z.object({
  success: z.literal(true),
  identity_status: IdentityStatus,
  session_id: z.string(),
  /** Where the browser goes to verify: the sandbox page inside the app, or Stripe's hosted page. */
  url: z.string(),
});
export type StartIdentitySessionResponse = z.infer<typeof StartIdentitySessionResponse>;

export const SandboxVerificationResponse = z.object({
  success: z.literal(true),
  identity_status: IdentityStatus,
  message: z.string(),
});
export type SandboxVerificationResponse = z.infer<typeof SandboxVerificationResponse>;

/** The webhook-style callback a provider sends when a session finishes. */
export const IdentityWebhookEvent = z.object({
  id: z.string(),
  type: z.enum(['identity.verification_session.verified', 'identity.verification_session.requires_input']),
  data: z.object({ session_id: z.string(), reason: z.string().nullable().optional() }),
});
export type IdentityWebhookEvent = z.infer<typeof IdentityWebhookEvent>;
