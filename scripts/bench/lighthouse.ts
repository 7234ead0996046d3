// Lighthouse (its default mobile preset: simulated slow 4G and a 4× slower CPU) in the local
// Chromium against the production build the bench started: each page LIGHTHOUSE_RUNS times
// (default 3), one run after another, and the run with the median performance score reported,
// with Lighthouse's benchmarkIndex (how fast this machine's CPU was at that moment) and the load
// average, so a figure can be compared with another machine's.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync';
const PERFORMANCE_GOAL = 95;
const ACCESSIBILITY_GOAL = 100;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/** Where to keep each run's JSON report (to read its audits), e.g. `LIGHTHOUSE_REPORTS=/tmp/lh`; not kept by default. */
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS;

export interface PageScore {
  page: string;
  performance: number;
  /** Every run's performance score, in the order run. */
  runs: number[];
  accessibility: number;
  lcp: string;
  tbt: string;
  cls: string;
  /** Main-thread work of the median run (Lighthouse's mainthread-work-breakdown), in ms. */
  mainThreadMs: number;
  benchmarkIndex: number;
  load1: number;
  failedAudits: string[];
}

export interface LighthouseResult {
  lighthouseVersion: string;
  environment?: { benchmarkIndex?: number };
  categories: Record<'performance' | 'accessibility', { score: number | null; auditRefs: { id: string }[] }>;
  audits: Record<
    string,
    { score: number | null; displayValue?: string; numericValue?: number; title: string; details?: { items?: { url?: string; statusCode?: number }[] } }
  >;
}

/**
 * The page's own requests the server refused or failed (under load its overload guard answers 503,
 * stylesheet and scripts included): such a run scored a page without its styles or code.
 */
function failedRequests(result: LighthouseResult, baseUrl: string): string[] {
  return (result.audits['network-requests']?.details?.items ?? [])
    .filter((request) => request.url?.startsWith(baseUrl) && (request.statusCode ?? 0) >= 400)
    .map((request) => `${request.statusCode} ${new URL(request.url!).pathname}`);
}

export function chromium(): string | undefined {
  return [process.env.CHROMIUM_PATH, process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (candidate) => candidate && existsSync(candidate),
  );
}

export function runOne(root: string, url: string, chrome: string, outDir: string, keepAs?: string): LighthouseResult {
  const output = path.join(outDir, 'report.json');
  const run = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS}`,
      '--only-categories=performance,accessibility',
      '--output=json',
      `--output-path=${output}`,
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: chrome }, encoding: 'utf8', timeout: 180_000 },
  );
  if (run.status !== 0 || !existsSync(output)) throw new Error(`lighthouse failed on ${url}: ${(run.stderr || run.stdout || '').slice(-400)}`);
  if (REPORTS_DIR && keepAs) {
    mkdirSync(REPORTS_DIR, { recursive: true });
    copyFileSync(output, path.join(REPORTS_DIR, keepAs));
  }
  return JSON.parse(readFileSync(output, 'utf8')) as LighthouseResult;
}

const score = (value: number | null) => Math.round((value ?? 0) * 100);

/** Scores each page; `missed` receives every goal a page does not reach, with the audits behind it. */
export function lighthousePages(
  root: string,
  baseUrl: string,
  pages: { label: string; path: string }[],
  missed: string[],
): { version: string; scores: PageScore[] } | string {
  const chrome = chromium();
  if (!existsSync(path.join(root, 'node_modules/lighthouse/cli/index.js')))
    return 'Lighthouse not run: the `lighthouse` package is not installed (npm install).';
  if (!chrome) return 'Lighthouse not run: no Chromium found (set CHROMIUM_PATH).';
  const outDir = mkdtempSync(path.join(tmpdir(), 'pledgeway-lighthouse-'));
  const scores: PageScore[] = [];
  let version = '';
  try {
    for (const { label: page, path: pagePath } of pages) {
      const runs: { result: LighthouseResult; load1: number }[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        let result: LighthouseResult;
        const keepAs = `${page.replace(/[^\w-]+/g, '_')}-${run + 1}.json`;
        try {
          result = runOne(root, `${baseUrl}${pagePath}`, chrome, outDir, keepAs);
        } catch {
          // A page that did not paint in time on a busy machine (NO_FCP) gets a second try.
          result = runOne(root, `${baseUrl}${pagePath}`, chrome, outDir, keepAs);
        }
        // So does a run in which the server refused some of the page's requests.
        if (failedRequests(result, baseUrl).length) result = runOne(root, `${baseUrl}${pagePath}`, chrome, outDir, keepAs);
        const failed = failedRequests(result, baseUrl);
        if (failed.length)
          missed.push(
            `Lighthouse run ${run + 1} of ${page}: the server failed ${failed.length} of the page's requests twice (${failed.slice(0, 3).join(', ')}…); its score is not the page's`,
          );
        runs.push({ result, load1: Math.round(loadavg()[0]! * 10) / 10 });
      }
      const sorted = [...runs].sort((a, b) => (a.result.categories.performance.score ?? 0) - (b.result.categories.performance.score ?? 0));
      const { result, load1 } = sorted[Math.floor((sorted.length - 1) / 2)]!;
      version = result.lighthouseVersion;
      const failedAudits = result.categories.accessibility.auditRefs
        .map((ref) => result.audits[ref.id])
        .filter((audit) => audit && audit.score !== null && audit.score < 1)
        .map((audit) => audit!.title);
      const entry: PageScore = {
        page,
        performance: score(result.categories.performance.score),
        runs: runs.map((run) => score(run.result.categories.performance.score)),
        accessibility: score(result.categories.accessibility.score),
        lcp: result.audits['largest-contentful-paint']?.displayValue ?? '—',
        tbt: result.audits['total-blocking-time']?.displayValue ?? '—',
        cls: result.audits['cumulative-layout-shift']?.displayValue ?? '—',
        mainThreadMs: Math.round(result.audits['mainthread-work-breakdown']?.numericValue ?? 0),
        benchmarkIndex: Math.round(result.environment?.benchmarkIndex ?? 0),
        load1,
        failedAudits,
      };
      scores.push(entry);
      if (entry.performance < PERFORMANCE_GOAL)
        missed.push(
          `Lighthouse performance of ${page}: median ${entry.performance} of ${entry.runs.join(' / ')} (goal ≥ ${PERFORMANCE_GOAL}; LCP ${entry.lcp}, TBT ${entry.tbt}, CLS ${entry.cls})`,
        );
      if (entry.accessibility < ACCESSIBILITY_GOAL)
        missed.push(`Lighthouse accessibility of ${page}: ${entry.accessibility} (goal ${ACCESSIBILITY_GOAL}; ${failedAudits.join('; ')})`);
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  return { version, scores };
}

export function pagesTable(result: ReturnType<typeof lighthousePages>): string {
  if (typeof result === 'string') return result;
  const lines = result.scores.map(
    (row) =>
      `| \`${row.page}\` | ${row.performance} (${row.runs.join(' / ')}) | ${row.accessibility} | ${row.lcp} | ${row.tbt} | ${row.cls} | ${(row.mainThreadMs / 1000).toFixed(1)} s | ${row.benchmarkIndex} | ${row.load1} |`,
  );
  return [
    `Lighthouse ${result.version}; the median of ${RUNS} runs per page (every run's score in brackets), and that run's figures.`,
    '',
    '| page | performance | accessibility | LCP | total blocking time | CLS | main-thread work | benchmarkIndex | load average (1 min) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...lines,
  ].join('\n');
}
