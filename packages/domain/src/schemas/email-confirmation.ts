import { z } from 'zod';

/** How long a confirmation link works (decision 095). */
export const EMAIL_CONFIRMATION_TTL_MS = 48 * 60 * 60 * 1000;

export const EMAIL_CONFIRMATION_MESSAGES = {
  /** Said on the dashboard and by the server when an unconfirmed account tries to create a campaign. */
  required: 'Confirm your e-mail address to create a campaign',
  confirmed: 'Your e-mail address is confirmed. You can now create campaigns.',
  invalidToken: 'This confirmation link is invalid, already used or expired. Sign in and ask for a new one.',
  sent: 'We sent a new confirmation link to your e-mail address. It works for 48 hours.',
  alreadyConfirmed: 'Your e-mail address is already confirmed',
  tooManyRequests: 'Too many confirmation e-mails asked for. Please wait a few minutes and try again.',
} as const;

/**
 * What an unconfirmed account may not start (decision 095: it may browse and pledge), each refused
 * by the server with 403 `EMAIL_NOT_CONFIRMED` and this message, and said by the form before it is filled.
 */
export const EMAIL_CONFIRMATION_REQUIRED_TO = {
  createCampaign: EMAIL_CONFIRMATION_MESSAGES.required,
  offerMatch: 'Confirm your e-mail address to offer a match',
  startFundraisingPage: 'Confirm your e-mail address to start a fundraising page',
} as const;
export type ConfirmedEmailAction = keyof typeof EMAIL_CONFIRMATION_REQUIRED_TO;

/** POST /api/auth/confirm-email: the token of the link. */
export const ConfirmEmailRequest = z.object({
  token: z.string({ error: EMAIL_CONFIRMATION_MESSAGES.invalidToken }).trim().min(1, EMAIL_CONFIRMATION_MESSAGES.invalidToken).max(200),
});
export type ConfirmEmailRequest = z.infer<typeof ConfirmEmailRequest>;
