import { Readable } from 'node:stream';
import { OPEN_LEDGER_CSV_COLUMNS, type OpenLedgerLine, type OpenLedgerTotals } from '@pledgeway/domain';
import type { Executor } from '../../db/client.ts';
import { csvLine } from '../admin/index.ts';
import { openLedgerRepository as repo, type LineKey, type OpenLedgerRow } from './repository.ts';

/**
 * Lines read from the database per query of a download: each page is one index range (keyset on
 * the newest-first order), so a download holds at most this many lines whatever the campaign's size.
 */
export const DOWNLOAD_PAGE_SIZE = 1_000;

/** A download as it is sent: the lines in pages as the reader takes them, the totals once they have all passed. */
export interface LedgerDownload {
  event: { _id: string; name: string; status: string; charity: string | null };
  generated_at: string;
  lines: AsyncIterable<OpenLedgerLine[]>;
  totals(): OpenLedgerTotals;
}

/** Every line of a campaign, newest first, one page per query: the next page is read only when the reader wants it. */
export async function* linePages(
  db: Executor,
  campaign: { id: string; charityId: string | null },
  pageSize = DOWNLOAD_PAGE_SIZE,
): AsyncGenerator<OpenLedgerRow[]> {
  const position = await repo.payoutPosition(db, campaign.id, campaign.charityId);
  let after: LineKey | null = null;
  do {
    const page = await repo.lines(db, campaign.id, campaign.charityId, { after, limit: pageSize, position });
    if (page.rows.length) yield page.rows;
    after = page.next;
  } while (after);
}

/**
 * A stream that asks for its next piece only when the response has taken the last one: at most
 * one page is waiting in memory (`highWaterMark: 1`), however slow the reader.
 */
function paced(pieces: AsyncIterable<string>): Readable {
  return Readable.from(pieces, { objectMode: true, highWaterMark: 1 });
}

/** The JSON download: `{ event, generated_at, lines: [...], totals }`, the lines written a page at a time. */
export function jsonStream(download: LedgerDownload): Readable {
  async function* pieces(): AsyncGenerator<string> {
    yield `{"event":${JSON.stringify(download.event)},"generated_at":${JSON.stringify(download.generated_at)},"lines":[`;
    let first = true;
    for await (const lines of download.lines) {
      yield (first ? '' : ',') + lines.map((line) => JSON.stringify(line)).join(',');
      first = false;
    }
    yield `],"totals":${JSON.stringify(download.totals())}}`;
  }
  return paced(pieces());
}

/** The CSV download: the header, then one line per movement, formulas escaped as in the console's CSVs. */
export function csvStream(download: LedgerDownload): Readable {
  async function* pieces(): AsyncGenerator<string> {
    yield csvLine([...OPEN_LEDGER_CSV_COLUMNS]);
    for await (const lines of download.lines) yield lines.map((line) => csvLine(OPEN_LEDGER_CSV_COLUMNS.map((column) => line[column]))).join('');
  }
  return paced(pieces());
}
