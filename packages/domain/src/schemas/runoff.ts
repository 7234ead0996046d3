import { z } from 'zod';
import { RUNOFF_ALL_PLACES } from '../runoff.ts';

/** Messages of the runoff's placement charging (issue 12; docs/decisions/067-runoff-ranking.md). */
export const RUNOFF_MESSAGES = {
  chargeableRange: 'Choose which placements may be charged',
  placesRequired: 'Choose how many placements are charged (2 to 7)',
  /** `{place}` is the lowest placement the rules allow, e.g. 3rd. */
  overDeclared: 'The rules shown to supporters allow charging placements down to {place} only',
  notRunoff: 'Only a runoff competition has placements to charge',
  notCompleted: 'Mark the runoff complete before choosing which placements are charged',
  alreadyCharged: 'The charge has started: the charged placements can no longer change',
  choiceRequired: 'The creator has not yet chosen which placements of this runoff are charged',
  /** `{label}` is e.g. "The top 2 placements". */
  optionNameRequired: 'Option name is required',
  optionDescriptionRequired: 'Description is required',
  rulesLocked: 'The rules of a runoff cannot change once supporters have pledged',
  saved: '{label} will be charged; pledges to the other options will be released when the charge runs.',
} as const;

/**
 * Declared in the wizard before anyone pledges: the lowest placement the creator may charge at the
 * end ('all', or 1 for only the winner, up to 7). Stored as a number; 'all' as null.
 */
export const RunoffChargeablePlaces = z
  .union([z.literal('all'), z.literal(''), z.null(), z.coerce.number({ error: RUNOFF_MESSAGES.chargeableRange })])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === '' || value === 'all') return null;
    if (!Number.isInteger(value) || value < 1 || value >= RUNOFF_ALL_PLACES) {
      ctx.addIssue({ code: 'custom', message: RUNOFF_MESSAGES.chargeableRange });
      return z.NEVER;
    }
    return value;
  });

export const RunoffPlacementChoice = z.enum(['winner', 'top', 'all']);
export type RunoffPlacementChoice = z.infer<typeof RunoffPlacementChoice>;

/** POST /api/events/{id}/runoff/placements: the creator's choice of the charged placements. */
export const RunoffPlacementsRequest = z
  .object({
    charge: RunoffPlacementChoice,
    /** Only with `top`: placements 1 to this are charged (2 to 7). */
    places: z.number().int().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.charge === 'top' && (value.places === undefined || value.places < 2 || value.places >= RUNOFF_ALL_PLACES)) {
      ctx.addIssue({ code: 'custom', path: ['places'], message: RUNOFF_MESSAGES.placesRequired });
    }
  })
  .transform((value) => ({
    charge: value.charge,
    places: value.charge === 'winner' ? 1 : value.charge === 'all' ? RUNOFF_ALL_PLACES : (value.places ?? RUNOFF_ALL_PLACES),
  }));
export type RunoffPlacementsRequestInput = z.input<typeof RunoffPlacementsRequest>;
export type RunoffPlacementsRequest = z.output<typeof RunoffPlacementsRequest>;

export const RunoffPlacementsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ charged_places: z.number() }),
});
export type RunoffPlacementsResponse = z.infer<typeof RunoffPlacementsResponse>;

/** One option of a settled runoff, as the charge run left it (dollars at this edge). */
export const RunoffResultRow = z.object({
  participant_id: z.string(),
  place: z.number(),
  raised: z.number(),
  supporters: z.number(),
  charged: z.boolean(),
  tie_note: z.string().nullable(),
});
export type RunoffResultRow = z.infer<typeof RunoffResultRow>;
