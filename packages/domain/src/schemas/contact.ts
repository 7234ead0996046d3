import { z } from 'zod';
import { emailField, requiredText } from './common.ts';

export const CONTACT_TABS = ['organizer', 'support'] as const;
export const ContactTab = z.enum(CONTACT_TABS);
export type ContactTab = z.infer<typeof ContactTab>;

/** docs/product.md#contact-form: digits and ( ) # & + * - = . plus spaces. */
export const PHONE_PATTERN = /^[\d()#&+*\-=.\s]+$/;

export const CONTACT_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  phoneRequired: 'Phone is required',
  phoneInvalid: 'Phone may contain only digits, spaces and ( ) # & + * - = .',
  eventNameRequired: 'Event name is required',
  sent: 'Thank you! Your message has been sent. Our team will get back to you within one business day.',
  failed: 'Your message could not be sent. Please try again.',
} as const;

export const ContactRequest = z.object({
  tab: ContactTab.default('organizer'),
  name: z.string().trim().max(100, 'Name cannot exceed 100 characters').default(''),
  email: emailField(CONTACT_MESSAGES.emailRequired, CONTACT_MESSAGES.emailInvalid),
  phone: requiredText(CONTACT_MESSAGES.phoneRequired).pipe(
    z.string().max(40, CONTACT_MESSAGES.phoneInvalid).regex(PHONE_PATTERN, CONTACT_MESSAGES.phoneInvalid),
  ),
  eventName: requiredText(CONTACT_MESSAGES.eventNameRequired).pipe(z.string().max(200, 'Event name cannot exceed 200 characters')),
  message: z.string().trim().max(5000, 'Message cannot exceed 5000 characters').default(''),
});
export type ContactRequest = z.input<typeof ContactRequest>;

export const ContactResponse = z.object({ success: z.literal(true), message: z.string(), id: z.string() });
export type ContactResponse = z.infer<typeof ContactResponse>;
