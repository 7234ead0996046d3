import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CampaignSort } from '@pledgeway/domain/schemas/public';
import type { EventKind } from '@pledgeway/domain/schemas/event-response';
import type { Executor } from '../../db/client.ts';
import { events, pledges } from '../../db/schema.ts';
import { COUNTED_PLEDGE_STATUSES, type EventRow } from '../events/read-model.ts';

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
  sort: CampaignSort;
  limit: number;
  offset: number;
}

export async function listPublicCampaigns(db: Executor, options: ListPublicOptions): Promise<EventRow[]> {
  const where = and(inArray(events.status, [...PUBLIC_LIST_STATUSES]), options.kind ? eq(events.kind, options.kind) : undefined);
  return db
    .select()
    .from(events)
    .where(where)
    .orderBy(...orderFor(options.sort))
    .limit(options.limit)
    .offset(options.offset);
}
