import { z } from 'zod';

import { EVENT_KINDS } from '../campaign-kinds.ts';
import { RunoffResultRow } from './runoff.ts';

export { EVENT_KINDS, KIND_LABELS } from '../campaign-kinds.ts';
export const EventKind = z.enum(EVENT_KINDS);
export type EventKind = z.infer<typeof EventKind>;
export const FundingModel = z.enum(['all_or_nothing', 'all_donations']);
export type FundingModel = z.infer<typeof FundingModel>;
export const EventStatusSchema = z.enum(['pending', 'approved', 'rejected', 'freeze', 'close', 'completed', 'cancelled']);

/**
 * The host as every public read shows it (decision 155): never the account's e-mail; `contact_email`
 * only when the host chose to show one, on the campaign page (list cards leave it out too).
 */
export const EventHost = z.object({
  full_name: z.string(),
  about: z.string(),
  contact_email: z.string().optional(),
  occupation: z.string(),
  company_name: z.string(),
  about_you: z.string(),
  profile_image: z.string(),
});

/** A participant as every public read shows it: their e-mail is used to invite them and is never shown (decision 155). */
export const ParticipantResponse = z.object({
  _id: z.string(),
  about: z.string(),
  full_name: z.string(),
  occupation: z.string(),
  company_name: z.string(),
  about_participant: z.string(),
  profile_image: z.string(),
  profile_image_url: z.string(),
  accepted: z.boolean(),
});
export type ParticipantResponse = z.infer<typeof ParticipantResponse>;

/** The host as its creator and admins see it: the account's e-mail and the contact e-mail chosen ('' when none). */
export const OwnerEventHost = EventHost.extend({ email: z.string(), contact_email: z.string() });
export type OwnerEventHost = z.infer<typeof OwnerEventHost>;

/** A participant as the creator and admins see them: with the e-mail they were invited at. */
export const OwnerParticipantResponse = ParticipantResponse.extend({ email: z.string() });
export type OwnerParticipantResponse = z.infer<typeof OwnerParticipantResponse>;

export const CharityRef = z.object({ _id: z.string(), name: z.string(), logo: z.string(), link: z.string().nullable() });

/**
 * One campaign as docs/product.md#3-data names it. Amounts are dollars (numbers with two decimals) at
 * this edge only; `payment_amount` is the raised total.
 */
export const EventSummaryResponse = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  kind: EventKind,
  funding_model: FundingModel,
  status: EventStatusSchema,
  target_amount: z.number(),
  payment_amount: z.number(),
  supporters: z.number(),
  banner_image: z.string(),
  banner_image_url: z.string(),
  location_type: z.enum(['physical', 'virtual']),
  event_location: z.string(),
  online_event_link: z.string(),
  event_date: z.string().nullable(),
  event_time: z.string(),
  /** Pledging opens on this day (YYYY-MM-DD); null when it opened on approval. */
  start_date: z.string().nullable(),
  /** Money Bomb and Crowdfunding: when the duration ends and the pledges are charged (ISO); null otherwise or before approval. */
  deadline: z.string().nullable().optional(),
  created_at: z.string(),
  /** Only in the creator's and admins' views, never in public reads. */
  owner_id: z.string().optional(),
  host: EventHost,
});
export type EventSummaryResponse = z.infer<typeof EventSummaryResponse>;
/** GET /events/allActive: the plain array of docs/product.md#7-api-calls. */
export const EventSummaryList = z.array(EventSummaryResponse);

export const EventDetailResponse = EventSummaryResponse.extend({
  banner: z.string(),
  donation_limit: z.number().nullable(),
  runoff_win_by: z.enum(['donor_total', 'donation_total']).nullable(),
  /** Runoffs won by Donor Total: the one amount every pledge is (dollars). */
  runoff_fixed_amount: z.number().nullable().optional(),
  /** Runoffs: the lowest placement the rules let the creator charge; null = any placement. */
  runoff_chargeable_places: z.number().nullable().optional(),
  /** Runoffs: the creator's choice at the end (placements 1 to this are charged); null = not chosen yet. */
  runoff_charged_places: z.number().nullable().optional(),
  /** Runoffs: each option's raised sum (dollars) and supporters now; the live channel keeps it current. */
  runoff_totals: z.array(z.object({ participant_id: z.string(), raised: z.number(), supporters: z.number() })).optional(),
  /** Runoffs: the final ranking the charge run settled, with what each option raised; null before. */
  runoff_result: z.array(RunoffResultRow).nullable().optional(),
  duration_days: z.number().nullable(),
  rejection_reason: z.string().nullable(),
  charity: CharityRef.nullable(),
  documents: z.array(z.object({ _id: z.string(), file_name: z.string(), original_name: z.string(), size: z.number(), url: z.string() })),
  participants: z.array(ParticipantResponse),
  pledges: z.object({ total: z.number(), count: z.number() }),
  /** Dollars charged so far (pledges and the creator's funding), once the charge run has charged them. */
  charged_amount: z.number().optional(),
  /** Dollars of what was charged that are for the charity, after the platform and card fees (its payable, passed on or not). */
  to_charity: z.number().optional(),
  /** Dollars of this campaign that reached its charity: its share of the payouts marked sent (oldest campaigns first). */
  passed_on: z.number().optional(),
  /** The host's public page, `/hosts/{host_page_id}`, which the About-host block links to (Platform Building). */
  host_page_id: z.string().optional(),
});
export type EventDetailResponse = z.infer<typeof EventDetailResponse>;

/** The creator's and admins' view of a campaign: every e-mail and the owner, whatever the public page shows. */
export const OwnerEventDetail = EventDetailResponse.extend({
  owner_id: z.string(),
  host: OwnerEventHost,
  participants: z.array(OwnerParticipantResponse),
});
export type OwnerEventDetail = z.infer<typeof OwnerEventDetail>;
