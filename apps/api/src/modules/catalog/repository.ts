import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { upcomingAfterDay } from '@pledgeway/domain/dates';
import type { CampaignPhase } from '@pledgeway/domain/catalog';
import type { CampaignSort } from '@pledgeway/domain/schemas/public';
import type { EventKind } from '@pledgeway/domain/schemas/event-response';
import type { Executor } from '../../db/client.ts';
import { events, pledges } from '../../db/schema.ts';
import { countedPledges, toEventSummary, totalsColumns, totalsFromColumns } from '../event-reads/index.ts';
import type { EventSummaryResponse } from '@pledgeway/domain';

// Live campaigns the public may browse: the domain's status rules (packages/domain/src/status.ts).
import { PUBLIC_LIST_STATUSES } from '@pledgeway/domain';

const raisedCents = sql`(
  select coalesce(sum(${pledges.amountCents}), 0) from ${pledges}
  where ${pledges.eventId} = ${events.id}
    and ${countedPledges()}
)`;

function orderFor(sort: CampaignSort): SQL[] {
  switch (sort) {
    case 'ending_soon':
      // Upcoming dates first (soonest on top), then campaigns without a date, then ended ones.
      return [
        sql`case when ${events.eventDate} is null then 1 when ${events.eventDate} < current_date then 2 else 0 end`,
        asc(events.eventDate),
        desc(events.createdAt),
        asc(events.id),
      ];
    case 'most_raised':
      return [desc(raisedCents), desc(events.createdAt), asc(events.id)];
    case 'newest':
    default:
      return [desc(events.createdAt), asc(events.id)];
  }
}

export interface ListPublicOptions {
  kind?: EventKind;
  category?: string;
  sort: CampaignSort;
  /** open: taking pledges now; upcoming: start date still ahead (soonest first); absent: both. */
  phase?: CampaignPhase;
  limit: number;
  offset: number;
  /** The clock the schedule is read with. */
  now: Date;
}

function phaseFilter(phase: CampaignPhase | undefined, now: Date): SQL | undefined {
  const day = upcomingAfterDay(now);
  if (phase === 'upcoming') return gt(events.startDate, day);
  if (phase === 'open') return or(isNull(events.startDate), lte(events.startDate, day));
  return undefined;
}

/** A page of live campaigns as summaries with their totals, in one query. */
export async function listPublicCampaignSummaries(db: Executor, options: ListPublicOptions): Promise<EventSummaryResponse[]> {
  const inCategory = options.category
    ? sql`exists (select 1 from unnest(${events.categories}) as category where lower(category) = lower(${options.category}))`
    : undefined;
  const where = and(
    inArray(events.status, [...PUBLIC_LIST_STATUSES]),
    options.kind ? eq(events.kind, options.kind) : undefined,
    inCategory,
    phaseFilter(options.phase, options.now),
  );
  const order = options.phase === 'upcoming' ? [asc(events.startDate), ...orderFor(options.sort)] : orderFor(options.sort);
  const rows = await db
    .select({ row: events, ...totalsColumns })
    .from(events)
    .where(where)
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
  return rows.map((found) => toEventSummary(found.row, totalsFromColumns(found)));
}
