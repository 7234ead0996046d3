#!/usr/bin/env node
// Runs every test of the project, each stage once and timed, and ends with one line:
// `N passed, N failed, N flaky` (`, N skipped` when some were).
//   --build (what `npm run validate` and CI use): the production build first, whose type checks
//   and web build the later stages then reuse instead of doing them again.
// Stages: [production build] · type checks · lint and formatting (and Redocly's lint of the OpenAPI
// document) · unit and API tests on PGlite ·
// the API's concurrency tests on PostgreSQL (when TEST_DATABASE_URL is set) · [web build] · the public pages'
// initial-JavaScript budget · end-to-end tests in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { browserTestChromium } from './chromium.mjs';
import { runOnPromisedNode } from './node-version.mjs';
import { addPlaywrightReport, addVitestReport, closingLine, createTally, tallySucceeded } from './test-results.mjs';

await runOnPromisedNode();
const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const withBuild = process.argv.includes('--build');
const tally = createTally();
const stageTimes = [];

/** Runs one stage, prints and records its wall time, and answers its exit status. */
function stage(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = (performance.now() - started) / 1000;
  stageTimes.push({ label, seconds, status: result.status ?? 1 });
  console.log(`=== ${label}: ${seconds.toFixed(0)} s ===`);
  return result.status ?? 1;
}

/** A check that is not a test runner (build, types, lint, budget) counts as one test. */
function countCheck(status, what) {
  if (status === 0) return true;
  console.error(`${what} failed: see the output above`);
  tally.failed += 1;
  return false;
}

const vitestArgs = (outputFile, extra) => ['vitest', 'run', ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`];

function runChecks() {
  if (withBuild && !countCheck(stage('production build (type checks, web app, API bundle)', 'npm', ['run', 'build']), 'the production build')) return false;
  // The build type-checked domain, API and web; only the e2e project is left.
  const projects = withBuild ? ['e2e'] : ['packages/domain', 'apps/api', 'apps/web', 'e2e'];
  const typecheck = ['-c', projects.map((project) => `npx tsc -p ${project}`).join(' && ')];
  countCheck(stage(`type checks (${projects.join(', ')})`, 'sh', typecheck), 'type checking');
  countCheck(stage('lint and formatting', 'sh', ['-c', 'npx eslint . && npx prettier --check . && npm run lint:api']), 'lint or formatting');
  return true;
}

function runVitest() {
  const pgliteFile = path.join(out, 'vitest-pglite.json');
  const pgliteStatus = stage('unit and API tests (PGlite)', 'npx', vitestArgs(pgliteFile, []));
  addVitestReport(tally, pgliteFile, 'unit and API tests', pgliteStatus);
  if (!process.env.TEST_DATABASE_URL) {
    console.log('\nTEST_DATABASE_URL is not set: the API suite ran on PGlite only.');
    return;
  }
  // The whole API suite ran on PGlite above; PostgreSQL runs the tests where requests, workers or
  // processes race (tagged `concurrency`), which PGlite's one statement at a time cannot show, and
  // db/driver-parity.test.ts proved above that both drivers read alike (decision 124).
  const postgresFile = path.join(out, 'vitest-postgres.json');
  const postgresStatus = stage('API concurrency tests (PostgreSQL)', 'npx', vitestArgs(postgresFile, ['--project', 'api', '--tags-filter=concurrency']), {
    API_TEST_DRIVER: 'postgres',
  });
  addVitestReport(tally, postgresFile, 'API concurrency tests on PostgreSQL', postgresStatus, { narrowedTo: 'concurrency' });
}

function runBrowserTests() {
  const chromium = browserTestChromium();
  if (!existsSync(chromium)) {
    console.error(
      `\nChromium was not found at ${chromium}. Install it with: apt-get update && apt-get install -y chromium-headless-shell\n(or set CHROMIUM_PATH).`,
    );
    tally.crashed = true;
    return;
  }
  if (!withBuild && stage('web build', 'npm', ['run', 'build', '-w', 'apps/web']) !== 0) {
    tally.crashed = true;
    return;
  }
  // The budget counts as one test, passed or failed.
  if (
    countCheck(stage('initial JavaScript budget', 'node', ['--import', 'tsx', 'scripts/measure-initial-js.ts', '--check']), 'the initial JavaScript budget')
  ) {
    tally.passed += 1;
  }
  const e2eFile = path.join(out, 'playwright.json');
  stage('end-to-end tests (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile,
  });
  addPlaywrightReport(tally, e2eFile);
}

function printStageTimes() {
  console.log('\nStage times (wall clock):');
  for (const { label, seconds, status } of stageTimes) console.log(`  ${label.padEnd(56)} ${seconds.toFixed(0).padStart(5)} s${status ? '  (failed)' : ''}`);
  const total = stageTimes.reduce((sum, { seconds }) => sum + seconds, 0);
  console.log(`  ${'total'.padEnd(56)} ${total.toFixed(0).padStart(5)} s`);
}

if (runChecks()) {
  runVitest();
  runBrowserTests();
} else {
  tally.crashed = true;
}
printStageTimes();
console.log('');
if (tally.crashed) console.log('A stage did not complete: see the output above.');
if (tally.flaky) console.log('A flaky test fails the run: it passed only on its retry (named above).');
console.log(closingLine(tally));
process.exit(tallySucceeded(tally) ? 0 : 1);
