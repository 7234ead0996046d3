import { and, eq, inArray, sql } from 'drizzle-orm';
import { campaignDeadline, centsToDollars, isDeadlineKind, type EventDetailResponse, type EventSummaryResponse } from '@pledgeway/domain';
import type { OwnerEventDetail } from '@pledgeway/domain/schemas/event-update';
import type { Executor } from '../../db/client.ts';
import { charities, eventDocuments, events, participants, pledges } from '../../db/schema.ts';
import { payoutRecords } from '../payouts/service.ts';
import { runoffResult, runoffTotals } from '../runoff/service.ts';

export type EventRow = typeof events.$inferSelect;
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

export function toEventSummary(row: EventRow, totals: EventTotals = EMPTY_TOTALS): EventSummaryResponse {
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
    host: {
      full_name: row.hostFullName,
      about: row.hostAbout,
      email: row.hostEmail,
      occupation: row.hostOccupation,
      company_name: row.hostCompanyName,
      about_you: row.hostAboutYou,
      profile_image: row.hostImage,
    },
  };
}

/** Summaries for many rows with their totals (lists, dashboards). */
export async function toEventSummaries(db: Executor, rows: EventRow[]): Promise<EventSummaryResponse[]> {
  const totals = await totalsFor(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toEventSummary(row, totals.get(row.id)));
}

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
    hide_email: row.hideEmail,
  };
}

const countedStatuses = sql.join(
  COUNTED_PLEDGE_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * The campaign's participants, documents, charity and totals as JSON columns beside its row: one
 * query per page. The outer table is named in full (`events.id`): drizzle leaves columns unqualified.
 */
export const detailColumns = {
  participants: sql<ParticipantJson[]>`coalesce((
    select json_agg(json_build_object(
      'id', p.id, 'about', p.about, 'fullName', p.full_name, 'email', p.email, 'occupation', p.occupation,
      'companyName', p.company_name, 'aboutParticipant', p.about_participant, 'profileImage', p.profile_image,
      'accepted', p.accepted, 'hideEmail', p.hide_email
    ) order by p.position, p.created_at)
    from ${participants} p where p.event_id = events.id), '[]'::json)`,
  documents: sql<DocumentJson[]>`coalesce((
    select json_agg(json_build_object('id', d.id, 'fileName', d.file_name, 'originalName', d.original_name, 'sizeBytes', d.size_bytes) order by d.created_at)
    from ${eventDocuments} d where d.event_id = events.id), '[]'::json)`,
  charity: sql<CharityJson | null>`(select json_build_object('id', c.id, 'name', c.name, 'logo', c.logo, 'link', c.link) from ${charities} c where c.id = events.charity_id)`,
  raised: sql<string>`(select coalesce(sum(pl.amount_cents), 0)::text from ${pledges} pl where pl.event_id = events.id and pl.status in (${countedStatuses}) and not (pl.is_creator_pledge and pl.status = 'pending'))`,
  supporters: sql<string>`(select count(distinct pl.user_id)::text from ${pledges} pl where pl.event_id = events.id and pl.status in (${countedStatuses}) and not (pl.is_creator_pledge and pl.status = 'pending'))`,
  pledgeCount: sql<string>`(select count(*)::text from ${pledges} pl where pl.event_id = events.id and pl.status in (${countedStatuses}) and not (pl.is_creator_pledge and pl.status = 'pending'))`,
  charged: sql<string>`(select coalesce(sum(pl.charged_cents), 0)::text from ${pledges} pl where pl.event_id = events.id and pl.status = 'charged')`,
};

type ParticipantJson = Pick<
  ParticipantRow,
  'id' | 'about' | 'fullName' | 'email' | 'occupation' | 'companyName' | 'aboutParticipant' | 'profileImage' | 'accepted' | 'hideEmail'
>;
type DocumentJson = { id: string; fileName: string; originalName: string; sizeBytes: number };
type CharityJson = { id: string; name: string; logo: string; link: string | null };

/** A campaign as its creator and admins see it, read in one query. */
export async function loadEventDetail(db: Executor, eventId: string): Promise<{ row: EventRow; detail: OwnerEventDetail } | undefined> {
  const [found] = await db
    .select({ row: events, ...detailColumns })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!found) return undefined;
  const { row, charity } = found;
  const eventTotals: EventTotals = { raisedCents: Number(found.raised), supporters: Number(found.supporters), pledgeCount: Number(found.pledgeCount) };
  const summary = toEventSummary(row, eventTotals);
  const chargedCents = Number(found.charged);
  // Nothing reached a charity before anything was charged: the ledger is read only after a charge.
  const payout = charity && chargedCents > 0 ? await payoutRecords.campaignPayout(db, row.id, charity.id) : { payableCents: 0, passedCents: 0 };
  return {
    row,
    detail: {
      ...summary,
      owner_id: row.ownerId,
      host: { ...summary.host, email: row.hostEmail },
      banner: row.bannerImage,
      donation_limit: row.donationLimitCents === null ? null : centsToDollars(row.donationLimitCents),
      runoff_win_by: row.runoffWinBy,
      runoff_fixed_amount: row.runoffFixedAmountCents === null ? null : centsToDollars(row.runoffFixedAmountCents),
      runoff_chargeable_places: row.kind === 'runoff' ? row.runoffChargeablePlaces : null,
      runoff_charged_places: row.kind === 'runoff' ? row.runoffChargedPlaces : null,
      runoff_totals: row.kind === 'runoff' ? await runoffTotals(db, row.id) : [],
      runoff_result: row.kind === 'runoff' ? await runoffResult(db, row.id) : null,
      duration_days: row.durationDays,
      rejection_reason: row.rejectionReason,
      charity: charity ? { _id: charity.id, name: charity.name, logo: charity.logo, link: charity.link } : null,
      documents: found.documents.map((doc) => ({
        _id: doc.id,
        file_name: doc.fileName,
        original_name: doc.originalName,
        size: Number(doc.sizeBytes),
        url: `/uploads/${doc.fileName}`,
      })),
      participants: found.participants.map((person) => toParticipantResponse({ ...person, eventId: row.id, position: 0, createdAt: row.createdAt })),
      pledges: { total: centsToDollars(eventTotals.raisedCents), count: eventTotals.pledgeCount },
      charged_amount: centsToDollars(chargedCents),
      to_charity: centsToDollars(payout.payableCents),
      passed_on: centsToDollars(payout.passedCents),
    },
  };
}

/**
 * What an anonymous visitor's event page shows (SPEC.md): the host's e-mail in the About block and
 * the link to the host's public page, a participant's e-mail unless they chose to hide it, and no
 * other account detail.
 */
export function toPublicEventDetail(detail: OwnerEventDetail): EventDetailResponse {
  const { owner_id: owner, ...rest } = detail;
  return {
    ...rest,
    host_page_id: owner,
    participants: detail.participants.map(({ hide_email: hidden, email, ...person }) => (hidden ? person : { ...person, email })),
  };
}

/** A list card shows neither the owner nor any e-mail. */
export function toPublicEventSummary(summary: EventSummaryResponse): EventSummaryResponse {
  const { owner_id: _owner, host, ...rest } = summary;
  const { email: _email, ...publicHost } = host;
  return { ...rest, host: publicHost };
}

/** Pending, rejected and other unpublished campaigns are visible only to their creator and admins. */
export function isPubliclyVisible(status: EventRow['status']): boolean {
  return status === 'approved' || status === 'freeze' || status === 'completed';
}
