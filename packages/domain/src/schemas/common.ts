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

/**
 * The instants every API field accepts: years 0001 to 9999 in UTC. JavaScript reads dates out to
 * ±275,760 and writes a year past 9999 or before 0001 with a sign and six digits
 * (`+275760-09-13T00:00:00.000Z`), which PostgreSQL misreads as a time zone and refuses; a date
 * time column stores 4713 BC to 294276 AD, so this range is within it and is written plainly.
 */
export const EARLIEST_INSTANT = '0001-01-01T00:00:00.000Z';
export const LATEST_INSTANT = '9999-12-31T23:59:59.999Z';
export const INSTANT_OUT_OF_RANGE_MESSAGE = 'Please enter a date between the years 1 and 9999';

/** True when `value` is a date and time JavaScript reads and the database stores (see EARLIEST_INSTANT). */
export function isStorableInstant(value: string): boolean {
  const time = Date.parse(value);
  return !Number.isNaN(time) && time >= Date.parse(EARLIEST_INSTANT) && time <= Date.parse(LATEST_INSTANT);
}

/**
 * An optional instant (empty or absent: null): `invalidMessage` when it is not a date and time,
 * INSTANT_OUT_OF_RANGE_MESSAGE when it is one the database cannot store.
 */
export function optionalInstantField(invalidMessage: string) {
  return z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .superRefine((value, ctx) => {
      if (value === null) return;
      if (Number.isNaN(Date.parse(value))) ctx.addIssue({ code: 'custom', message: invalidMessage });
      else if (!isStorableInstant(value)) ctx.addIssue({ code: 'custom', message: INSTANT_OUT_OF_RANGE_MESSAGE });
    });
}
