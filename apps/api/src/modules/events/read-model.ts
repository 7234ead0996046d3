import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { centsToDollars, type EventDetailResponse, type EventSummaryResponse } from '@pledgeway/domain';
import type { Executor } from '../../db/client.ts';
import { charities, eventDocuments, events, participants, pledges } from '../../db/schema.ts';
import { payoutsRepository } from '../payouts/repository.ts';

export type EventRow = typeof events.$inferSelect;
export type ParticipantRow = typeof participants.$inferSelect;

/** Pledges that still count towards a campaign's raised total (dropped, released and refunded do not). */
export const COUNTED_PLEDGE_STATUSES = ['pending', 'charged', 'failed'] as const;

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
    .where(and(inArray(pledges.eventId, eventIds), inArray(pledges.status, [...COUNTED_PLEDGE_STATUSES])))
    .groupBy(pledges.eventId);
  for (const row of rows) {
    totals.set(row.eventId, { raisedCents: Number(row.raised), supporters: Number(row.supporters), pledgeCount: Number(row.count) });
  }
  return totals;
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
  };
}

export async function loadEventDetail(db: Executor, eventId: string): Promise<{ row: EventRow; detail: EventDetailResponse } | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  if (!row) return undefined;
  const [people, documents, totals, charityRows] = await Promise.all([
    db.select().from(participants).where(eq(participants.eventId, eventId)).orderBy(asc(participants.position), asc(participants.createdAt)),
    db.select().from(eventDocuments).where(eq(eventDocuments.eventId, eventId)).orderBy(asc(eventDocuments.createdAt)),
    totalsFor(db, [eventId]),
    row.charityId ? db.select().from(charities).where(eq(charities.id, row.charityId)).limit(1) : Promise.resolve([]),
  ]);
  const eventTotals = totals.get(eventId) ?? EMPTY_TOTALS;
  const charity = charityRows[0];
  const [chargedCents, passedOnCents] = await Promise.all([
    chargedCentsOf(db, eventId),
    charity ? payoutsRepository.passedOnCents(db, eventId, charity.id) : Promise.resolve(0),
  ]);
  return {
    row,
    detail: {
      ...toEventSummary(row, eventTotals),
      banner: row.bannerImage,
      donation_limit: row.donationLimitCents === null ? null : centsToDollars(row.donationLimitCents),
      runoff_win_by: row.runoffWinBy,
      start_date: row.startDate,
      duration_days: row.durationDays,
      rejection_reason: row.rejectionReason,
      charity: charity ? { _id: charity.id, name: charity.name, logo: charity.logo, link: charity.link } : null,
      documents: documents.map((doc) => ({
        _id: doc.id,
        file_name: doc.fileName,
        original_name: doc.originalName,
        size: doc.sizeBytes,
        url: `/uploads/${doc.fileName}`,
      })),
      participants: people.map(toParticipantResponse),
      pledges: { total: centsToDollars(eventTotals.raisedCents), count: eventTotals.pledgeCount },
      charged_amount: centsToDollars(chargedCents),
      passed_on: centsToDollars(passedOnCents),
    },
  };
}

/** What was charged for a campaign: its charged (and later refunded) pledges' charges. */
async function chargedCentsOf(db: Executor, eventId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${pledges.chargedCents}), 0)` })
    .from(pledges)
    .where(and(eq(pledges.eventId, eventId), eq(pledges.status, 'charged')));
  return Number(row?.total ?? 0);
}

/** Pending, rejected and other unpublished campaigns are visible only to their creator and admins. */
export function isPubliclyVisible(status: EventRow['status']): boolean {
  return status === 'approved' || status === 'freeze' || status === 'completed';
}
