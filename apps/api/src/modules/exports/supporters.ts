import { Readable } from 'node:stream';
import { centsToDollars, EVENT_MESSAGES, plainDollars } from '@pledgeway/domain';
import type { AuthInfo } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { csvLine } from '../../lib/csv.ts';
import { canView } from '../event-reads/index.ts';
import { fundraisingPageRecords } from '../fundraising-pages/index.ts';
import { exportsRepository as repo, type ExportCursor } from './repository.ts';
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
  const row = await repo.campaign(db, eventId);
  if (!row || !canView(row, auth)) throw AppError.notFound(EVENT_MESSAGES.eventNotFound);
  return row;
}

async function* pages(db: Executor, eventId: string, pageSize: number) {
  let after: ExportCursor | null = null;
  for (;;) {
    const rows = await repo.pledgesPage(db, eventId, after, pageSize);
    if (rows.length) {
      const titles = await fundraisingPageRecords.titles(
        db,
        rows.map((row) => row.pledge.fundraisingPageId),
      );
      yield rows.map((row) => ({ ...row, fundraisingPage: row.pledge.fundraisingPageId ? titles.get(row.pledge.fundraisingPageId) : undefined }));
    }
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
        .map(({ pledge, accountName, accountEmail, fundraisingPage }) => {
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
            fundraisingPage ? `${fundraisingPage.title} (/fundraisers/${fundraisingPage.slug})` : '',
          ]);
        })
        .join('');
    }
  }
  return Readable.from(pieces(), { objectMode: true, highWaterMark: 1 });
}
