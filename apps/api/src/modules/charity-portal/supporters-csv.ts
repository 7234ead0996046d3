import { Readable } from 'node:stream';
import { centsToDollars, plainDollars } from '@pledgeway/domain';
import type { Executor } from '../../db/client.ts';
import { csvLine } from '../../lib/csv.ts';
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

/** One CSV line and where it sorts: the moment charged, then the source, then the row's id. */
interface Line {
  chargedAt: Date;
  source: number;
  id: string;
  text: string;
}

const earlier = (a: Line, b: Line) => a.chargedAt.getTime() - b.chargedAt.getTime() || a.source - b.source || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** One source's rows as lines, read a page at a time. */
async function* linesOf<Row extends Cursor>(
  read: Page<Row>,
  toLine: (row: Row) => Omit<Line, 'source'>,
  source: number,
  db: Executor,
  charityId: string,
  pageSize: number,
) {
  for await (const rows of pagesOf(read, db, charityId, pageSize)) for (const row of rows) yield { ...toLine(row), source };
}

/** Sources each oldest first, as one list oldest first: a merge holding one line of each. */
async function* oldestFirst(sources: AsyncGenerator<Line>[]): AsyncGenerator<Line> {
  const heads: IteratorResult<Line>[] = [];
  for (const source of sources) heads.push(await source.next());
  for (;;) {
    let next = -1;
    heads.forEach((head, index) => {
      if (!head.done && (next < 0 || earlier(head.value, (heads[next] as IteratorYieldResult<Line>).value) < 0)) next = index;
    });
    if (next < 0) return;
    yield (heads[next] as IteratorYieldResult<Line>).value;
    heads[next] = await sources[next]!.next();
  }
}

/**
 * The charity's supporters as CSV (decision 136): charged pledges, donations and monthly gifts'
 * charges together, oldest first, as a treasurer reconciles them against the bank; each source is
 * read a page at a time and the file is sent `pageSize` lines at a time (`highWaterMark: 1`: the
 * next lines are read only when the reader took the last). Names as each chose; the e-mail only
 * where that gift shares it with the charity, read now, so a changed choice counts at once. Cells a
 * spreadsheet would run as formulas are escaped as in the console's CSVs.
 */
export function charitySupportersCsv(db: Executor, charityId: string, pageSize = CHARITY_CSV_PAGE_SIZE): Readable {
  const money = (cents: number) => plainDollars(centsToDollars(cents));
  async function* pieces(): AsyncGenerator<string> {
    yield csvLine(CHARITY_SUPPORTER_COLUMNS);
    const sources = [
      linesOf(
        repo.supporters,
        (row) => ({ ...row, text: csvLine([day(row.chargedAt), 'pledge', row.campaign, row.name, row.sharedEmail ?? '', money(row.giftCents)]) }),
        0,
        db,
        charityId,
        pageSize,
      ),
      linesOf(
        donationRecords.chargedTo,
        (row) => ({ ...row, text: csvLine([day(row.chargedAt), 'donation', '', row.fullName, row.sharedEmail ?? '', money(row.amountCents)]) }),
        1,
        db,
        charityId,
        pageSize,
      ),
      linesOf(
        monthlyGiftRecords.chargedTo,
        (row) => ({ ...row, text: csvLine([day(row.chargedAt), 'monthly_gift', '', row.name, row.sharedEmail ?? '', money(row.amountCents)]) }),
        2,
        db,
        charityId,
        pageSize,
      ),
    ];
    let batch: string[] = [];
    for await (const line of oldestFirst(sources)) {
      batch.push(line.text);
      if (batch.length === pageSize) {
        yield batch.join('');
        batch = [];
      }
    }
    if (batch.length) yield batch.join('');
  }
  return Readable.from(pieces(), { objectMode: true, highWaterMark: 1 });
}
