#!/usr/bin/env node
// Runs every test of the project and ends with one line: `N passed, N failed`.
// 0. typecheck, lint and formatting (npm run check)
// 1. unit + API tests on the embedded PGlite database (Vitest)
// 2. the API tests again on PostgreSQL when TEST_DATABASE_URL is set
// 3. the web app build, its initial-JavaScript budget, then the end-to-end tests in Chromium (Playwright)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let crashed = false;

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function countVitest(file, label) {
  if (!existsSync(file)) {
    console.error(`${label}: no results were written (the runner crashed)`);
    crashed = true;
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  // A file that fails to load has no tests but is still a failure.
  const brokenFiles = (report.testResults ?? []).filter((file) => file.status === 'failed' && file.assertionResults.length === 0);
  totals.failed += brokenFiles.length;
}

const vitestArgs = (outputFile, extra) => ['vitest', 'run', ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`];

// Types, lint and formatting first: a failure there counts as one failed test.
if (run('typecheck, lint and formatting', 'npm', ['run', 'check']) !== 0) {
  console.error('typecheck, lint or formatting failed: see the output above');
  totals.failed += 1;
}

const unitFile = path.join(out, 'vitest-pglite.json');
run('unit and API tests (PGlite)', 'npx', vitestArgs(unitFile, []));
countVitest(unitFile, 'unit and API tests');

if (process.env.TEST_DATABASE_URL) {
  const pgFile = path.join(out, 'vitest-postgres.json');
  run('API tests (PostgreSQL)', 'npx', vitestArgs(pgFile, ['--project', 'api']), { API_TEST_DRIVER: 'postgres' });
  countVitest(pgFile, 'API tests on PostgreSQL');
} else {
  console.log('\nTEST_DATABASE_URL is not set: the API suite ran on PGlite only.');
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `\nChromium was not found at ${chromium}. Install it with: apt-get update && apt-get install -y chromium\n(or set CHROMIUM_PATH to a Chromium executable).`,
  );
  crashed = true;
} else if (run('web build', 'npm', ['run', 'build', '-w', 'apps/web']) !== 0) {
  crashed = true;
} else {
  // The public pages' initial JavaScript budget counts as one test.
  if (run('initial JavaScript budget', 'node', ['--import', 'tsx', 'scripts/measure-initial-js.ts', '--check']) === 0) totals.passed += 1;
  else totals.failed += 1;
  const e2eFile = path.join(out, 'playwright.json');
  run('end-to-end tests (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile,
  });
  if (existsSync(e2eFile)) {
    const report = JSON.parse(readFileSync(e2eFile, 'utf8'));
    const stats = report.stats ?? {};
    for (const title of flakyTitles(report.suites ?? [])) console.warn(`flaky (passed on retry): ${title}`);
    totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    totals.failed += stats.unexpected ?? 0;
    totals.skipped += stats.skipped ?? 0;
    if ((stats.expected ?? 0) + (stats.unexpected ?? 0) === 0) crashed = true;
  } else {
    console.error('end-to-end tests: no results were written (the runner crashed)');
    crashed = true;
  }
}

/** Titles of the Playwright tests that failed first and passed on retry. */
function flakyTitles(suites, prefix = []) {
  return suites.flatMap((suite) => {
    const trail = suite.title ? [...prefix, suite.title] : prefix;
    const own = (suite.specs ?? []).filter((spec) => spec.tests.some((test) => test.status === 'flaky')).map((spec) => [...trail, spec.title].join(' › '));
    return [...own, ...flakyTitles(suite.suites ?? [], trail)];
  });
}

console.log('');
if (crashed) console.log('A test runner did not complete: see the output above.');
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || crashed ? 1 : 0);
