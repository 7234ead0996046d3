// The bench's one table, the budgets it checks (docs/architecture.md#budgets) and the block it writes to
// docs/performance.md.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface Row {
  database: string;
  target: string;
  connections: number | string;
  reqPerSec: number;
  p99: number | string;
  ceilingName?: string;
  ceiling?: number;
  ceilingP99?: number;
  errors: number | string;
  rssMb?: number;
}

export const rows: Row[] = [];
export const missed: string[] = [];
export const notes: string[] = [];

const percent = (value: number) => `${(value * 100).toFixed(0)}%`;

/** Adds a row; with `budget`, checks its share of the ceiling (and p99 < 50 ms at 200 connections). */
export function record(row: Row, budget?: { minRatio: number; p99At200?: boolean }): void {
  rows.push(row);
  if (!budget) return;
  const where = `${row.target} on ${row.database} at ${row.connections} connections`;
  if (row.ceiling) {
    const ratio = row.reqPerSec / row.ceiling;
    if (ratio < budget.minRatio) missed.push(`${where}: ${percent(ratio)} of ${row.ceilingName ?? 'the ceiling'} (budget ≥ ${percent(budget.minRatio)})`);
  } else {
    missed.push(`${where}: no ceiling measured, so the budget is unchecked`);
  }
  if (budget.p99At200 && row.connections === 200 && typeof row.p99 === 'number' && row.p99 >= 50) {
    const bare = row.ceilingP99 === undefined ? '' : `; the bare route's own p99 beside it: ${row.ceilingP99} ms`;
    missed.push(`${where}: p99 ${row.p99} ms (budget < 50 ms${bare})`);
  }
}

function table(): string {
  const header = [
    '| database | target | connections | req/s | p99 ms | ceiling (same run) | % of ceiling | errors / non-2xx | server RSS MB |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const lines = rows.map((row) => {
    const ceilingP99 = row.ceilingP99 === undefined ? '' : `, p99 ${row.ceilingP99} ms`;
    const ceiling = row.ceiling ? `${row.ceiling} (${row.ceilingName}${ceilingP99})` : '—';
    const ratio = row.ceiling ? percent(row.reqPerSec / row.ceiling) : '—';
    return `| ${row.database} | ${row.target} | ${row.connections} | ${row.reqPerSec} | ${row.p99} | ${ceiling} | ${ratio} | ${row.errors} | ${row.rssMb ?? '—'} |`;
  });
  return [...header, ...lines].join('\n');
}

export interface ReportParts {
  machine: string;
  method: string;
  pages: string;
  javascript: string;
  /** Issue 21's money bomb table (scripts/bench/money-bomb-runs.ts). */
  moneyBomb: string;
  seconds: number;
}

export function report(parts: ReportParts): string {
  return [
    `Machine: ${parts.machine}.`,
    parts.method,
    '',
    table(),
    '',
    '**Money bomb (issue 21):** one campaign, its pages open on the live stream, pledges due at a steady rate (latency counted from when each was due), half the reading connections on the API read and half on the server-rendered page; ✗ marks a budget missed.',
    '',
    parts.moneyBomb,
    '',
    '**Pages (Lighthouse, mobile preset, local Chromium):**',
    '',
    parts.pages,
    '',
    '**Budgets missed:** ' + (missed.length ? '\n\n' + missed.map((item) => `- ${item}`).join('\n') : 'none.'),
    '',
    ...(notes.length ? ['**Notes:**', '', ...notes.map((note) => `- ${note}`), ''] : []),
    '**Initial JavaScript per route (gzip):**',
    '',
    parts.javascript,
    '',
    `Bench finished in ${parts.seconds} s.`,
  ].join('\n');
}

/** Replaces the block between the bench markers in docs/performance.md (appends it the first time). */
export function writeToPerformanceDoc(file: string, text: string): void {
  const begin = '<!-- bench:begin -->';
  const end = '<!-- bench:end -->';
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  const block = `${begin}\n\n## npm run bench (latest run)\n\n${text}\n\n${end}`;
  const next = current.includes(begin) ? current.replace(new RegExp(`${begin}[\\s\\S]*${end}`), () => block) : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}

/** One bench run as the history keeps it. */
export interface HistoryEntry {
  at: string;
  commit: string;
  targets: string[];
  databases: string[];
  machine: string;
  missed: string[];
  notes: string[];
  report: string;
}

/**
 * Appends the run to docs/bench-history.jsonl, every run, a subset or a full one: the record of
 * past figures, written by the bench alone, so docs/performance.md keeps only the current ones.
 */
export function appendToHistory(file: string, entry: HistoryEntry): void {
  appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

/**
 * The CPU share this process runs with, when it was given one (a cgroup v1 `cpu` group other than
 * the root): a figure measured with a weight over the machine's other work says so.
 */
export function cpuShareNote(): string | undefined {
  try {
    const line = readFileSync('/proc/self/cgroup', 'utf8')
      .split('\n')
      .find((entry) => /^\d+:([^:]*,)?cpu(,[^:]*)?:/.test(entry));
    const group = line?.split(':')[2];
    if (!group || group === '/') return undefined;
    const shares = readFileSync(`/sys/fs/cgroup/cpu${group}/cpu.shares`, 'utf8').trim();
    return `run in cgroup ${group} with cpu.shares ${shares} (the machine's other work at the default 1024)`;
  } catch {
    return undefined;
  }
}
