import { z } from 'zod';
import { PASSWORD_RESET_MESSAGES, PASSWORD_RESET_TTL_MS } from '../password-reset-messages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../password.ts';
import { AUTH_MESSAGES } from './auth.ts';
import { emailField } from './common.ts';

export { PASSWORD_RESET_MESSAGES, PASSWORD_RESET_TTL_MS };

export const ForgotPasswordRequest = z.object({ email: emailField('Email is required', 'Email is invalid') });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const ResetPasswordRequest = z.object({
  token: z.string({ error: PASSWORD_RESET_MESSAGES.invalidToken }).min(1, PASSWORD_RESET_MESSAGES.invalidToken).max(200),
  new_password: z
    .string({ error: 'New password is required' })
    .min(1, 'New password is required')
    .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** The reset form adds the confirmation, checked in the browser only. */
export const ResetPasswordForm = z
  .object({
    new_password: ResetPasswordRequest.shape.new_password,
    confirm_password: z.string().min(1, 'Please confirm your password'),
  })
  .refine((form) => form.new_password === form.confirm_password, { message: 'Passwords do not match', path: ['confirm_password'] });
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;
