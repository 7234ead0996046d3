import { z } from 'zod';

/** Giving statements (decision 113): a signed-in supporter's charges of one calendar year (UTC). */
export const StatementYearParams = z.object({
  year: z.coerce
    .number({ error: 'Year must be a number' })
    .int('Year must be a whole year')
    .min(2000, 'Year must be 2000 or later')
    .max(2100, 'Year must be 2100 or earlier'),
});

export const StatementYear = z.object({
  year: z.number().int(),
  /** Charged for the pledges (covered fees included), tips left out: what was given. */
  given: z.number(),
  tips: z.number(),
  /** What went back to the card (refunds, disputes) less what a won dispute took again. */
  returned: z.number(),
  charges: z.number().int(),
});
export type StatementYear = z.infer<typeof StatementYear>;

/** GET /api/me/statements: the years with charges, newest first. */
export const StatementYearsResponse = z.object({
  success: z.literal(true),
  data: z.object({ years: z.array(StatementYear) }),
});
export type StatementYearsResponse = z.infer<typeof StatementYearsResponse>;
