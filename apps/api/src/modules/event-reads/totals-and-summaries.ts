// The campaigns' named read model: which pledges count, the totals, the summaries and the public
// view every module shows of a campaign, and a runoff's option totals. `event-records` writes the
// rows; this sits below every module that reads them, so none needs to import the events module (decision 101).
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { campaignDeadline, centsToDollars, isDeadlineKind, type EventSummaryResponse } from '@pledgeway/domain';
import type { Executor } from '../../db/client.ts';
import { participants, pledges } from '../../db/schema.ts';
import type { CampaignRow } from '../event-records/index.ts';

export type ParticipantRow = typeof participants.$inferSelect;

/** Pledges that still count towards a campaign's raised total (dropped, released and refunded do not). */
export const COUNTED_PLEDGE_STATUSES = ['pending', 'charged', 'failed'] as const;

/**
 * The pledges that count in totals: valid ones (decision 004), except a creator's funding that is
 * not charged yet (its payment is still open, e.g. on a hosted Checkout page): funding counts once paid.
 */
export function countedPledges() {
  return and(inArray(pledges.status, [...COUNTED_PLEDGE_STATUSES]), sql`not (${pledges.isCreatorPledge} and ${pledges.status} = 'pending')`);
}

/** The same rule for a pledge row already read. */
export function isCountedPledge(pledge: { status: string; isCreatorPledge: boolean }): boolean {
  return (COUNTED_PLEDGE_STATUSES as readonly string[]).includes(pledge.status) && !(pledge.isCreatorPledge && pledge.status === 'pending');
}

export interface EventTotals {
  raisedCents: number;
  supporters: number;
  pledgeCount: number;
}

/** Raised total, distinct supporters and pledge count per campaign, in one query. */
export async function totalsFor(db: Executor, eventIds: string[]): Promise<Map<string, EventTotals>> {
  const totals = new Map<string, EventTotals>();
  if (!eventIds.length) return totals;
  const rows = await db
    .select({
      eventId: pledges.eventId,
      raised: sql<string>`coalesce(sum(${pledges.amountCents}), 0)`,
      supporters: sql<string>`count(distinct ${pledges.userId})`,
      count: sql<string>`count(*)`,
    })
    .from(pledges)
    .where(and(inArray(pledges.eventId, eventIds), countedPledges()))
    .groupBy(pledges.eventId);
  for (const row of rows) {
    totals.set(row.eventId, { raisedCents: Number(row.raised), supporters: Number(row.supporters), pledgeCount: Number(row.count) });
  }
  return totals;
}

/** Distinct supporters across these campaigns: a person backing two of them counts once (host pages, stacks). */
export async function distinctSupporters(db: Executor, eventIds: string[]): Promise<number> {
  if (!eventIds.length) return 0;
  const [row] = await db
    .select({ n: sql<string>`count(distinct ${pledges.userId})` })
    .from(pledges)
    .where(and(inArray(pledges.eventId, eventIds), countedPledges()));
  return Number(row?.n ?? 0);
}

const EMPTY_TOTALS: EventTotals = { raisedCents: 0, supporters: 0, pledgeCount: 0 };

export function toEventSummary(row: CampaignRow, totals: EventTotals = EMPTY_TOTALS): EventSummaryResponse {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    categories: row.categories,
    kind: row.kind,
    funding_model: row.fundingModel,
    status: row.status,
    target_amount: centsToDollars(row.targetCents),
    payment_amount: centsToDollars(totals.raisedCents),
    supporters: totals.supporters,
    banner_image: row.bannerImage,
    banner_image_url: row.bannerImage,
    location_type: row.locationType,
    event_location: row.eventLocation,
    online_event_link: row.onlineEventLink,
    event_date: row.eventDate,
    event_time: row.eventTime,
    start_date: row.startDate,
    deadline: isDeadlineKind(row.kind) ? (campaignDeadline(row)?.toISOString() ?? null) : null,
    created_at: row.createdAt.toISOString(),
    owner_id: row.ownerId,
    // No account e-mail here: public reads, lists and dashboards share this summary (decision 155).
    host: {
      full_name: row.hostFullName,
      about: row.hostAbout,
      occupation: row.hostOccupation,
      company_name: row.hostCompanyName,
      about_you: row.hostAboutYou,
      profile_image: row.hostImage,
    },
  };
}

/** Summaries for many rows with their totals (lists, dashboards). */
export async function toEventSummaries(db: Executor, rows: CampaignRow[]): Promise<EventSummaryResponse[]> {
  const totals = await totalsFor(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toEventSummary(row, totals.get(row.id)));
}

/** A participant as their campaign's creator and admins see them, with the e-mail they were invited at. */
export function toParticipantResponse(row: ParticipantRow) {
  return {
    _id: row.id,
    about: row.about,
    full_name: row.fullName,
    email: row.email,
    occupation: row.occupation,
    company_name: row.companyName,
    about_participant: row.aboutParticipant,
    profile_image: row.profileImage,
    profile_image_url: row.profileImage,
    accepted: row.accepted,
  };
}

const countedStatuses = sql.join(
  COUNTED_PLEDGE_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * A campaign's totals as columns beside its row, so a list reads them in the same query
 * (`select({ row: events, ...totalsColumns })`). The outer table is named in full (`events.id`):
 * drizzle leaves columns unqualified.
 */
export const totalsColumns = {
  raised: sql<string>`(select coalesce(sum(pl.amount_cents), 0)::text from ${pledges} pl where pl.event_id = events.id and pl.status in (${countedStatuses}) and not (pl.is_creator_pledge and pl.status = 'pending'))`,
  supporters: sql<string>`(select count(distinct pl.user_id)::text from ${pledges} pl where pl.event_id = events.id and pl.status in (${countedStatuses}) and not (pl.is_creator_pledge and pl.status = 'pending'))`,
  pledgeCount: sql<string>`(select count(*)::text from ${pledges} pl where pl.event_id = events.id and pl.status in (${countedStatuses}) and not (pl.is_creator_pledge and pl.status = 'pending'))`,
};

/** The totals read through totalsColumns. */
export function totalsFromColumns(found: { raised: string; supporters: string; pledgeCount: string }): EventTotals {
  return { raisedCents: Number(found.raised), supporters: Number(found.supporters), pledgeCount: Number(found.pledgeCount) };
}

/** A list card shows neither the owner nor any e-mail, not even the host's chosen contact e-mail. */
export function toPublicEventSummary(summary: EventSummaryResponse): EventSummaryResponse {
  const { owner_id: _owner, host, ...rest } = summary;
  const { contact_email: _contact, ...publicHost } = host;
  return { ...rest, host: publicHost };
}

/** Pending, rejected and other unpublished campaigns are visible only to their creator and admins. */
export function isPubliclyVisible(status: CampaignRow['status']): boolean {
  return status === 'approved' || status === 'freeze' || status === 'completed';
}

export interface RunoffOptionTotals {
  participantId: string;
  raisedCents: number;
  supporters: number;
}

/** A runoff's raised cents and distinct supporters per option, from its valid pledges (decision 004). */
export async function runoffOptionTotals(db: Executor, eventId: string): Promise<RunoffOptionTotals[]> {
  const rows = await db
    .select({
      participantId: pledges.participantId,
      raised: sql<string>`coalesce(sum(${pledges.amountCents}), 0)`,
      supporters: sql<string>`count(distinct ${pledges.userId})`,
    })
    .from(pledges)
    .where(and(eq(pledges.eventId, eventId), inArray(pledges.status, [...COUNTED_PLEDGE_STATUSES]), isNotNull(pledges.participantId)))
    .groupBy(pledges.participantId);
  return rows.map((row) => ({ participantId: row.participantId!, raisedCents: Number(row.raised), supporters: Number(row.supporters) }));
}

/** The same totals as the pages show them (dollars), for the campaign page and the supporters list. */
export async function runoffTotals(db: Executor, eventId: string): Promise<{ participant_id: string; raised: number; supporters: number }[]> {
  const rows = await runoffOptionTotals(db, eventId);
  return rows.map((row) => ({ participant_id: row.participantId, raised: centsToDollars(row.raisedCents), supporters: row.supporters }));
}
