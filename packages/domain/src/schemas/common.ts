import { z } from 'zod';
import { EMAIL_PATTERN } from '../email.ts';

/** The error body of every failed API call (DESIGN.md section 6). */
export const ApiErrorBody = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  errorId: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export const IdParams = z.object({ id: z.string().uuid('Invalid id') });

/** Trimmed text that is required: empty or whitespace-only fails with `message`. */
export function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, message);
}

export { EMAIL_PATTERN };

export function emailField(requiredMessage: string, invalidMessage: string) {
  return requiredText(requiredMessage)
    .max(254, invalidMessage)
    .regex(EMAIL_PATTERN, invalidMessage)
    .transform((value) => value.toLowerCase());
}
