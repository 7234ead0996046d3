import { Readable } from 'node:stream';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { centsToDollars, EVENT_MESSAGES, plainDollars } from '@pledgeway/domain';
import type { AuthInfo } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { events, pledges, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { csvLine } from '../admin/sql.ts';
import { canView } from '../event-reads/access.ts';
import { fundraisingPages } from '../fundraising-pages/tables.ts';
import { supporterAsShown } from './shown.ts';

/** Rows read per query: the export holds one page at a time, whatever the campaign's size. */
export const EXPORT_PAGE_SIZE = 1_000;

export const SUPPORTER_CSV_COLUMNS = [
  'pledge_id',
  'name',
  'email',
  'amount',
  'tip',
  'currency',
  'status',
  'kind',
  'pledged_at',
  'charged_at',
  'message',
  'fundraising_page',
] as const;

/** The campaign, when the caller is its host or an admin; 404 to anyone else (it is not theirs to see). */
export async function exportableCampaign(db: Executor, eventId: string, auth: AuthInfo): Promise<{ id: string; name: string }> {
  const [row] = await db.select({ id: events.id, name: events.name, ownerId: events.ownerId }).from(events).where(eq(events.id, eventId)).limit(1);
  if (!row || !canView(row, auth)) throw AppError.notFound(EVENT_MESSAGES.eventNotFound);
  return row;
}

/** Where the next page starts: the last row's instant as PostgreSQL writes it (microseconds kept), and its id. */
type Cursor = { createdAt: string; id: string };

function pageQuery(db: Executor, eventId: string, after: Cursor | null, pageSize: number) {
  const page = alias(fundraisingPages, 'page');
  return db
    .select({
      pledge: pledges,
      at: sql<string>`${pledges.createdAt}::text`,
      accountName: users.name,
      accountEmail: users.email,
      pageTitle: page.title,
      pageSlug: page.slug,
    })
    .from(pledges)
    .leftJoin(users, eq(users.id, pledges.userId))
    .leftJoin(page, eq(page.id, pledges.fundraisingPageId))
    .where(
      and(eq(pledges.eventId, eventId), after ? sql`(${pledges.createdAt}, ${pledges.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined),
    )
    .orderBy(asc(pledges.createdAt), asc(pledges.id))
    .limit(pageSize);
}

async function* pages(db: Executor, eventId: string, pageSize: number) {
  let after: Cursor | null = null;
  for (;;) {
    const rows: Awaited<ReturnType<typeof pageQuery>> = await pageQuery(db, eventId, after, pageSize);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.at, id: last.pledge.id };
  }
}

/**
 * A campaign's supporters as CSV, oldest first, streamed a page at a time (`highWaterMark: 1`: the
 * next page is read only when the reader took the last). Names as chosen, e-mails only where shared
 * (decision 149); cells a spreadsheet would run as formulas are escaped as in the console's CSVs.
 */
export function supportersCsv(db: Executor, eventId: string, pageSize = EXPORT_PAGE_SIZE): Readable {
  async function* pieces(): AsyncGenerator<string> {
    yield csvLine([...SUPPORTER_CSV_COLUMNS]);
    for await (const rows of pages(db, eventId, pageSize)) {
      yield rows
        .map(({ pledge, accountName, accountEmail, pageTitle, pageSlug }) => {
          const shown = supporterAsShown({
            anonymous: pledge.anonymous,
            displayName: pledge.displayName,
            accountName,
            accountEmail,
            shareEmailWithHost: pledge.shareEmailWithHost,
          });
          return csvLine([
            pledge.id,
            shown.name ?? 'Anonymous',
            shown.email ?? '',
            plainDollars(centsToDollars(pledge.amountCents)),
            plainDollars(centsToDollars(pledge.tipCents)),
            'USD',
            pledge.status,
            pledge.kind,
            pledge.createdAt,
            pledge.chargedAt,
            pledge.message,
            pageSlug ? `${pageTitle} (/fundraisers/${pageSlug})` : '',
          ]);
        })
        .join('');
    }
  }
  return Readable.from(pieces(), { objectMode: true, highWaterMark: 1 });
}
