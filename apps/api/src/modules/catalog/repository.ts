import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CampaignSort } from '@pledgeway/domain/schemas/public';
import type { EventKind } from '@pledgeway/domain/schemas/event-response';
import type { Executor } from '../../db/client.ts';
import { events, pledges } from '../../db/schema.ts';
import { COUNTED_PLEDGE_STATUSES, detailColumns, toEventSummary } from '../events/read-model.ts';
import type { EventSummaryResponse } from '@pledgeway/domain';

// Live campaigns the public may browse: the domain's status rules (packages/domain/src/status.ts).
import { PUBLIC_LIST_STATUSES } from '@pledgeway/domain';

const raisedCents = sql`(
  select coalesce(sum(${pledges.amountCents}), 0) from ${pledges}
  where ${pledges.eventId} = ${events.id}
    and ${pledges.status} in (${sql.join(
      COUNTED_PLEDGE_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )})
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
  limit: number;
  offset: number;
}

/** A page of live campaigns as summaries with their totals, in one query. */
export async function listPublicCampaignSummaries(db: Executor, options: ListPublicOptions): Promise<EventSummaryResponse[]> {
  const inCategory = options.category
    ? sql`exists (select 1 from unnest(${events.categories}) as category where lower(category) = lower(${options.category}))`
    : undefined;
  const where = and(inArray(events.status, [...PUBLIC_LIST_STATUSES]), options.kind ? eq(events.kind, options.kind) : undefined, inCategory);
  const rows = await db
    .select({ row: events, raised: detailColumns.raised, supporters: detailColumns.supporters, pledgeCount: detailColumns.pledgeCount })
    .from(events)
    .where(where)
    .orderBy(...orderFor(options.sort))
    .limit(options.limit)
    .offset(options.offset);
  return rows.map(({ row, raised, supporters, pledgeCount }) =>
    toEventSummary(row, { raisedCents: Number(raised), supporters: Number(supporters), pledgeCount: Number(pledgeCount) }),
  );
}
