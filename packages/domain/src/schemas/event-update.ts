import { z } from 'zod';
import { EVENT_STATUSES } from '../status.ts';
import { OwnerEventDetail } from './event-response.ts';

export { OwnerEventDetail } from './event-response.ts';
import {
  EVENT_MESSAGES,
  categoriesField,
  contactEmailField,
  descriptionField,
  earliestTodayIso,
  emailAddressField,
  eventNameField,
  isValidIsoDate,
  locationTypeField,
  onlineLinkField,
  optionalDollarAmountField,
  optionalString,
  TARGET_MAX_DOLLARS,
  requiredString,
  targetAmountField,
} from './event-fields.ts';
import { RunoffWinBy } from './event-create.ts';
import { RunoffChargeablePlaces } from './runoff.ts';

/** A participant as the edit form sends it inside `participants` (JSON text). */
export const ParticipantEdit = z.object({
  _id: z.string().uuid().optional(),
  about: requiredString(EVENT_MESSAGES.aboutRequired, 120),
  full_name: requiredString(EVENT_MESSAGES.fullNameRequired, 100),
  email: emailAddressField,
  occupation: requiredString(EVENT_MESSAGES.occupationRequired, 120),
  company_name: optionalString(120),
  about_participant: optionalString(2000),
  accepted: z.boolean().optional(),
});
export type ParticipantEditInput = z.input<typeof ParticipantEdit>;
export type ParticipantEdit = z.output<typeof ParticipantEdit>;

/** `default` (and empty) is the form's "keep the current status". */
export const StatusChoice = z.enum([...EVENT_STATUSES, 'default', '']);

/**
 * The edit form (docs/product.md#edit-form). The API merges the sent multipart fields onto the
 * stored campaign and validates the result with this same schema. `original_event_date` is the
 * stored date: an unchanged date may lie in the past, a changed one may not.
 */
export const EditEventForm = z
  .object({
    name: eventNameField,
    description: descriptionField,
    categories: categoriesField,
    target_amount: targetAmountField,
    status: StatusChoice.default('default'),
    location_type: locationTypeField,
    event_date: z
      .string({ error: EVENT_MESSAGES.eventDateRequired })
      .trim()
      .min(1, EVENT_MESSAGES.eventDateRequired)
      .refine(isValidIsoDate, 'Please enter a valid date'),
    event_time: z
      .string({ error: EVENT_MESSAGES.eventTimeRequired })
      .trim()
      .min(1, EVENT_MESSAGES.eventTimeRequired)
      .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Please enter a valid time')
      .transform((value) => value.slice(0, 5)),
    event_location: optionalString(300),
    online_event_link: onlineLinkField,
    original_event_date: z.string().nullable().optional(),
    /** The host's public contact e-mail (decision 155); '' shows none. */
    host_contact_email: contactEmailField,
    participants: z.array(ParticipantEdit).max(20, EVENT_MESSAGES.participantsMax).optional(),
    /** Runoffs: the rules, editable until the first supporter pledges (the server checks). */
    kind: z.string().optional(),
    runoff_win_by: z
      .union([RunoffWinBy, z.literal(''), z.null()])
      .optional()
      .transform((value) => value || null),
    runoff_fixed_amount: optionalDollarAmountField(EVENT_MESSAGES.runoffFixedAmountRange, 1, TARGET_MAX_DOLLARS),
    runoff_chargeable_places: RunoffChargeablePlaces,
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'runoff' && !value.runoff_win_by) {
      ctx.addIssue({ code: 'custom', path: ['runoff_win_by'], message: EVENT_MESSAGES.runoffWinByRequired });
    }
    if (value.kind === 'runoff' && value.runoff_win_by === 'donor_total' && value.runoff_fixed_amount === null) {
      ctx.addIssue({ code: 'custom', path: ['runoff_fixed_amount'], message: EVENT_MESSAGES.runoffFixedAmountRange });
    }
    if (value.event_date !== value.original_event_date && isValidIsoDate(value.event_date) && value.event_date < earliestTodayIso()) {
      ctx.addIssue({ code: 'custom', path: ['event_date'], message: EVENT_MESSAGES.eventDatePast });
    }
    if (value.location_type === 'physical' && !value.event_location) {
      ctx.addIssue({ code: 'custom', path: ['event_location'], message: EVENT_MESSAGES.locationRequired });
    }
    if (value.location_type === 'virtual' && !value.online_event_link) {
      ctx.addIssue({ code: 'custom', path: ['online_event_link'], message: EVENT_MESSAGES.linkRequired });
    }
  });
export type EditEventFormInput = z.input<typeof EditEventForm>;
export type EditEventForm = z.output<typeof EditEventForm>;

/** Owner/admin view of a campaign: the detail plus what this user may do with it. */
export const ManageEventResponse = OwnerEventDetail.extend({
  allowed_statuses: z.array(z.enum(EVENT_STATUSES)),
  editable: z.boolean(),
});
export type ManageEventResponse = z.infer<typeof ManageEventResponse>;

export const UpdateEventResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  event: OwnerEventDetail,
});
export type UpdateEventResponse = z.infer<typeof UpdateEventResponse>;
