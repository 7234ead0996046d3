/**
 * npm run ledger:recompute -- <file>: the totals of a campaign's open ledger recomputed from its
 * download (GET /api/events/{id}/money.json or money.csv), without trusting the page: every line's
 * figures summed in cents (decision 112). Prints the totals, and exits non-zero when a line's
 * accounts do not sum to zero or, for a JSON download, when the totals it states differ.
 * `--json` prints the totals as JSON.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import {
  dollarsToCents,
  formatDollars,
  OPEN_LEDGER_ACCOUNTS,
  OpenLedgerDownload,
  recomputeOpenLedger,
  type OpenLedgerFigures,
  type OpenLedgerTotals,
} from '@pledgeway/domain';

const FIGURES = ['pledged', 'charged', ...OPEN_LEDGER_ACCOUNTS] as const;

function linesOfCsv(text: string): OpenLedgerFigures[] {
  const records: Record<string, string>[] = parse(text, { columns: true, skip_empty_lines: true, bom: true });
  return records.map((record, index) => {
    const figures = {} as OpenLedgerFigures;
    for (const field of FIGURES) {
      const value = Number(record[field]);
      if (record[field] === undefined || !Number.isFinite(value)) throw new Error(`line ${index + 2}: ${field} is not a number`);
      figures[field] = value;
    }
    return figures;
  });
}

/** A line whose accounts do not sum to zero is not a movement of money: the books would not balance. */
function unbalanced(lines: OpenLedgerFigures[]): number[] {
  return lines.flatMap((line, index) => (OPEN_LEDGER_ACCOUNTS.reduce((sum, account) => sum + dollarsToCents(line[account]), 0) === 0 ? [] : [index + 1]));
}

const LABELS: Record<keyof OpenLedgerTotals, string> = {
  raised: 'Raised (the page’s total)',
  charged: 'Charged',
  net_from_cards: 'Net from supporters’ cards',
  platform_fees: 'Platform fees',
  tips: 'Tips (to the platform)',
  card_fees: 'Card processing fees',
  held: 'Held before the charge run',
  for_charity: 'For the charity, after fees',
  passed_on: 'Passed on to the charity',
  lines: 'Lines',
};

async function main() {
  const args = process.argv.slice(2);
  const file = args.find((arg) => !arg.startsWith('--'));
  if (!file) throw new Error('usage: npm run ledger:recompute -- <campaign-money.json|campaign-money.csv> [--json]');
  const text = await readFile(file, 'utf8');
  const stated = file.endsWith('.csv') ? undefined : OpenLedgerDownload.parse(JSON.parse(text));
  const lines = stated ? stated.lines : linesOfCsv(text);
  const totals = recomputeOpenLedger(lines);
  const problems = unbalanced(lines).map((line) => `line ${line} does not balance`);
  if (stated) {
    for (const [key, value] of Object.entries(totals)) {
      const claimed = stated.totals[key as keyof OpenLedgerTotals];
      if (claimed !== value) problems.push(`${key}: the download states ${claimed}, its lines sum to ${value}`);
    }
  }
  if (args.includes('--json')) console.log(JSON.stringify(totals));
  else {
    for (const [key, value] of Object.entries(totals)) {
      console.log(`${LABELS[key as keyof OpenLedgerTotals].padEnd(30)} ${key === 'lines' ? value : formatDollars(value)}`);
    }
  }
  for (const problem of problems) console.error(problem);
  process.exitCode = problems.length ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
