import { Readable } from 'node:stream';
import { centsToDollars, plainDollars } from '@pledgeway/domain';
import type { Executor } from '../../db/client.ts';
import { csvLine } from '../admin/index.ts';
import { donationRecords } from '../donations/index.ts';
import { monthlyGiftRecords } from '../monthly-giving/index.ts';
import { portalRepository as repo } from './repository.ts';

/** Rows read per query: the file holds one page at a time, however many supporters the charity has. */
export const CHARITY_CSV_PAGE_SIZE = 1_000;
export const CHARITY_SUPPORTER_COLUMNS = ['charged_on', 'kind', 'campaign', 'name', 'email', 'amount'];

type Cursor = { at: string; id: string };
type Page<Row> = (db: Executor, charityId: string, after: Cursor | null, pageSize: number) => Promise<Row[]>;

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Every page of one source, each a query of `pageSize` rows after the last row of the one before (keyset). */
async function* pagesOf<Row extends Cursor>(read: Page<Row>, db: Executor, charityId: string, pageSize: number): AsyncGenerator<Row[]> {
  let after: Cursor | null = null;
  for (;;) {
    const rows = await read(db, charityId, after, pageSize);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: last.id };
  }
}

/**
 * The charity's supporters as CSV (decision 136): charged pledges, then donations, then monthly
 * gifts' charges, each oldest first, streamed a page at a time (`highWaterMark: 1`: the next page
 * is read only when the reader took the last). Names as each chose; the e-mail only where that
 * gift shares it with the charity, read now, so a changed choice counts at once. Cells a
 * spreadsheet would run as formulas are escaped as in the console's CSVs.
 */
export function charitySupportersCsv(db: Executor, charityId: string, pageSize = CHARITY_CSV_PAGE_SIZE): Readable {
  async function* pieces(): AsyncGenerator<string> {
    yield csvLine(CHARITY_SUPPORTER_COLUMNS);
    for await (const rows of pagesOf(repo.supporters, db, charityId, pageSize)) {
      yield rows
        .map((row) => csvLine([day(row.chargedAt), 'pledge', row.campaign, row.name, row.sharedEmail ?? '', plainDollars(centsToDollars(row.giftCents))]))
        .join('');
    }
    for await (const rows of pagesOf(donationRecords.chargedTo, db, charityId, pageSize)) {
      yield rows
        .map((row) => csvLine([day(row.chargedAt), 'donation', '', row.fullName, row.sharedEmail ?? '', plainDollars(centsToDollars(row.amountCents))]))
        .join('');
    }
    for await (const rows of pagesOf(monthlyGiftRecords.chargedTo, db, charityId, pageSize)) {
      yield rows
        .map((row) => csvLine([day(row.chargedAt), 'monthly_gift', '', row.name, row.sharedEmail ?? '', plainDollars(centsToDollars(row.amountCents))]))
        .join('');
    }
  }
  return Readable.from(pieces(), { objectMode: true, highWaterMark: 1 });
}
