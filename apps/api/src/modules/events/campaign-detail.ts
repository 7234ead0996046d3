import { eq, sql } from 'drizzle-orm';
import { centsToDollars, type EventDetailResponse } from '@pledgeway/domain';
import type { OwnerEventDetail } from '@pledgeway/domain/schemas/event-update';
import type { Executor } from '../../db/client.ts';
import { charities, eventDocuments, events, participants, pledges } from '../../db/schema.ts';
import { runoffTotals, toEventSummary, toParticipantResponse, totalsColumns, totalsFromColumns, type ParticipantRow } from '../event-reads/index.ts';
import type { CampaignRow } from '../event-records/index.ts';
import { payoutRecords } from '../payouts/index.ts';
import { runoffResult } from '../runoff/index.ts';

// A campaign as its creator, admins and its public page see it: the read model's summary with the
// participants, documents, charity, runoff and payout beside it.

/**
 * The campaign's participants, documents, charity and totals as JSON columns beside its row: one
 * query per page. The outer table is named in full (`events.id`): drizzle leaves columns unqualified.
 */
export const detailColumns = {
  participants: sql<ParticipantJson[]>`coalesce((
    select json_agg(json_build_object(
      'id', p.id, 'about', p.about, 'fullName', p.full_name, 'email', p.email, 'occupation', p.occupation,
      'companyName', p.company_name, 'aboutParticipant', p.about_participant, 'profileImage', p.profile_image,
      'accepted', p.accepted
    ) order by p.position, p.created_at)
    from ${participants} p where p.event_id = events.id), '[]'::json)`,
  documents: sql<DocumentJson[]>`coalesce((
    select json_agg(json_build_object('id', d.id, 'fileName', d.file_name, 'originalName', d.original_name, 'sizeBytes', d.size_bytes) order by d.created_at)
    from ${eventDocuments} d where d.event_id = events.id), '[]'::json)`,
  charity: sql<CharityJson | null>`(select json_build_object('id', c.id, 'name', c.name, 'logo', c.logo, 'link', c.link) from ${charities} c where c.id = events.charity_id)`,
  ...totalsColumns,
  charged: sql<string>`(select coalesce(sum(pl.charged_cents), 0)::text from ${pledges} pl where pl.event_id = events.id and pl.status = 'charged')`,
};

type ParticipantJson = Pick<
  ParticipantRow,
  'id' | 'about' | 'fullName' | 'email' | 'occupation' | 'companyName' | 'aboutParticipant' | 'profileImage' | 'accepted'
>;
type DocumentJson = { id: string; fileName: string; originalName: string; sizeBytes: number };
type CharityJson = { id: string; name: string; logo: string; link: string | null };

/** A campaign as its creator and admins see it, read in one query. */
export async function loadEventDetail(db: Executor, eventId: string): Promise<{ row: CampaignRow; detail: OwnerEventDetail } | undefined> {
  const [found] = await db
    .select({ row: events, ...detailColumns })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!found) return undefined;
  const { row, charity } = found;
  const eventTotals = totalsFromColumns(found);
  const summary = toEventSummary(row, eventTotals);
  const chargedCents = Number(found.charged);
  // Nothing reached a charity before anything was charged: the ledger is read only after a charge.
  const payout = charity && chargedCents > 0 ? await payoutRecords.campaignPayout(db, row.id, charity.id) : { payableCents: 0, passedCents: 0 };
  return {
    row,
    detail: {
      ...summary,
      owner_id: row.ownerId,
      host: { ...summary.host, email: row.hostEmail, contact_email: row.hostContactEmail },
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
 * What an anonymous visitor's event page shows (docs/product.md#event-page, decision 155): the link to
 * the host's public page and the contact e-mail the host chose to show, if any; never the host's
 * account e-mail nor a participant's e-mail, and no other account detail. Built field by field, so
 * an e-mail added to the owner's view later does not reach the public one by default.
 */
export function toPublicEventDetail(detail: OwnerEventDetail): EventDetailResponse {
  const { owner_id: owner, host, participants, ...rest } = detail;
  const { email: _account, contact_email: contact, ...publicHost } = host;
  return {
    ...rest,
    host: contact ? { ...publicHost, contact_email: contact } : publicHost,
    host_page_id: owner,
    participants: participants.map(({ email: _invitedAt, ...person }) => person),
  };
}
