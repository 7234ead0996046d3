import { z } from 'zod';
import { emailField } from './common.ts';

export const NEWSLETTER_MESSAGES = {
  emailRequired: 'Please fill in your email address',
  emailInvalid: 'Please enter a valid email address',
  /** Same answer for new, repeated and already confirmed addresses, so the form reveals nothing. */
  subscribed: 'Thanks! Please check your inbox and click the link to confirm your subscription.',
} as const;

export const NewsletterRequest = z.object({
  email: emailField(NEWSLETTER_MESSAGES.emailRequired, NEWSLETTER_MESSAGES.emailInvalid),
});
export type NewsletterRequest = z.input<typeof NewsletterRequest>;

export const NewsletterResponse = z.object({ success: z.literal(true), message: z.string() });
export type NewsletterResponse = z.infer<typeof NewsletterResponse>;

export const NewsletterConfirmQuery = z.object({ token: z.string().trim().max(200).default('') });

/** The web page the confirmation link lands on; `status` tells it what happened. */
export const NEWSLETTER_CONFIRMED_PATH = '/newsletter/confirmed';
export const NewsletterConfirmStatus = z.enum(['confirmed', 'invalid']);
export type NewsletterConfirmStatus = z.infer<typeof NewsletterConfirmStatus>;
