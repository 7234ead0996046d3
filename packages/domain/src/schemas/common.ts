import { z } from 'zod';
import { EMAIL_PATTERN } from '../email.ts';

/** The error body of every failed API call (docs/architecture.md#api-conventions). */
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

/** The base of every list query: the page and its size. */
export const PagedQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
/** A list query with a free-text search. */
export const PagedSearchQuery = PagedQuery.extend({ q: z.string().trim().max(200).default('') });

/** `{ success: true, data }`, the envelope of every read. */
export function okResponse<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** `{ success: true, message, data }`, the envelope of every action: the message is shown as it is. */
export function actionResponse<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

export function pagedResponse<T extends z.ZodType>(item: T) {
  return okResponse(z.object({ items: z.array(item), total: z.number(), page: z.number(), per_page: z.number() }));
}
