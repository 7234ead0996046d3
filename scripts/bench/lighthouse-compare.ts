// Two builds of the web app under the same load: Lighthouse (the bench's mobile preset) on `/`,
// `/events` and the demo campaign "72-Hour Pantry Restock", alternating between two running servers
// page by page (the order flips each round), so both builds meet the same moments of a busy machine.
//   node --import tsx scripts/bench/lighthouse-compare.ts <before-url> <after-url> [rounds=3]
// Serve an earlier build beside the current one with WEB_DIST_DIR pointing at a copy of its
// apps/web/dist (its dist-ssr copied beside it), each server with its own DATA_DIR and SEED=1.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, runOne, type LighthouseResult } from './lighthouse.ts';

const [beforeUrl, afterUrl, roundsArgument = '3'] = process.argv.slice(2);
if (!beforeUrl || !afterUrl) throw new Error('usage: lighthouse-compare.ts <before-url> <after-url> [rounds]');
const servers = { before: beforeUrl, after: afterUrl } as const;
type Build = keyof typeof servers;
const root = path.resolve(import.meta.dirname, '../..');
const chrome = chromium();
if (!chrome) throw new Error('No Chromium found (set CHROMIUM_PATH).');

async function campaignPath(base: string): Promise<string> {
  const campaigns = (await (await fetch(`${base}/api/events/allActive?phase=open`)).json()) as { _id: string; name: string }[];
  const campaign = campaigns.find((candidate) => candidate.name === '72-Hour Pantry Restock');
  if (!campaign) throw new Error(`${base} has no demo campaign (start it with SEED=1)`);
  return `/events/${campaign._id}`;
}

interface Row {
  page: string;
  build: Build;
  score: number;
  tbtMs: number;
  mainThreadMs: number;
  scriptMs: number;
  benchmarkIndex: number;
  load1: number;
}

function measure(result: LighthouseResult): Omit<Row, 'page' | 'build'> {
  const breakdown = (result.audits['mainthread-work-breakdown']?.details?.items ?? []) as { group?: string; duration?: number }[];
  return {
    score: Math.round((result.categories.performance.score ?? 0) * 100),
    tbtMs: Math.round(result.audits['total-blocking-time']?.numericValue ?? 0),
    mainThreadMs: Math.round(result.audits['mainthread-work-breakdown']?.numericValue ?? 0),
    scriptMs: Math.round(breakdown.find((item) => item.group === 'scriptEvaluation')?.duration ?? 0),
    benchmarkIndex: Math.round(result.environment?.benchmarkIndex ?? 0),
    load1: Math.round(loadavg()[0]! * 10) / 10,
  };
}

const campaign = { before: await campaignPath(servers.before), after: await campaignPath(servers.after) };
const pages = ['/', '/events', 'campaign'];
const rows: Row[] = [];
const outDir = mkdtempSync(path.join(tmpdir(), 'pledgeway-lighthouse-compare-'));
try {
  for (let round = 1; round <= Number(roundsArgument); round += 1) {
    for (const page of pages) {
      for (const build of (round % 2 ? ['before', 'after'] : ['after', 'before']) as Build[]) {
        const url = servers[build] + (page === 'campaign' ? campaign[build] : page);
        let result: LighthouseResult;
        try {
          result = runOne(root, url, chrome, outDir);
        } catch {
          // NO_NAVSTART or NO_FCP on a busy machine: once more.
          result = runOne(root, url, chrome, outDir);
        }
        const row = { page, build, ...measure(result) };
        rows.push(row);
        console.log(JSON.stringify({ round, ...row }));
      }
    }
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
console.log('\n| page | build | performance, median (runs) | total blocking time | main-thread work | script evaluation | benchmarkIndex |');
console.log('|---|---|---|---|---|---|---|');
for (const page of pages) {
  for (const build of ['before', 'after'] as Build[]) {
    const mine = rows.filter((row) => row.page === page && row.build === build);
    console.log(
      `| ${page} | ${build} | ${median(mine.map((row) => row.score))} (${mine.map((row) => row.score).join('/')}) | ${median(mine.map((row) => row.tbtMs))} ms | ` +
        `${median(mine.map((row) => row.mainThreadMs))} ms | ${median(mine.map((row) => row.scriptMs))} ms | ${median(mine.map((row) => row.benchmarkIndex))} |`,
    );
  }
}
