// Reading the runners' JSON reports into one tally (scripts/test.mjs): passed, failed, flaky and
// skipped tests, and whether a runner crashed before it reported.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function createTally() {
  return { passed: 0, failed: 0, flaky: 0, skipped: 0, crashed: false };
}

/**
 * A Vitest JSON report. Every failed test counts, and so does every file that failed without a
 * failed test: it did not load, or a hook (an `afterAll` that timed out) or a describe block failed
 * outside its tests. Vitest marks such a file failed and its tests passed or skipped. `exitStatus`
 * is Vitest's own: a run that failed (an unhandled error) with no failure in its report still fails.
 * A run narrowed to some tests (`narrowedTo`: a `--tags-filter`) reports the others as skipped:
 * they are not counted, and a narrowed run in which no test ran fails.
 */
export function addVitestReport(tally, file, label, exitStatus = 0, { narrowedTo } = {}) {
  if (!existsSync(file)) {
    console.error(`${label}: no results were written (the runner crashed)`);
    tally.crashed = true;
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failedBefore = tally.failed;
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests;
  if (!narrowedTo) tally.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  else if (report.numPassedTests + report.numFailedTests === 0) {
    console.error(`${label}: no test ran (none is tagged ${narrowedTo}?)`);
    tally.failed += 1;
  }
  const failedOutsideTests = (report.testResults ?? []).filter(
    (result) => result.status === 'failed' && !(result.assertionResults ?? []).some((assertion) => assertion.status === 'failed'),
  );
  for (const result of failedOutsideTests) {
    const name = result.name ? path.relative(process.cwd(), result.name) : 'a test file';
    console.error(`${label}: ${name} failed outside its tests: ${result.message || 'a hook or describe block failed (see the output above)'}`);
  }
  tally.failed += failedOutsideTests.length;
  if (exitStatus !== 0 && tally.failed === failedBefore) {
    console.error(`${label}: Vitest exited with status ${exitStatus} without a failed test in its report (an unhandled error?): see the output above`);
    tally.failed += 1;
  }
}

/**
 * A Playwright JSON report. A test that failed and then passed on its retry is flaky: it is
 * counted apart, named, and fails the run (a test that passes only sometimes proves nothing).
 */
export function addPlaywrightReport(tally, file) {
  if (!existsSync(file)) {
    console.error('end-to-end tests: no results were written (the runner crashed)');
    tally.crashed = true;
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const stats = report.stats ?? {};
  for (const title of flakyTitles(report.suites ?? [])) console.error(`flaky (failed, then passed on its retry): ${title}`);
  tally.passed += stats.expected ?? 0;
  tally.failed += stats.unexpected ?? 0;
  tally.flaky += stats.flaky ?? 0;
  tally.skipped += stats.skipped ?? 0;
  if ((stats.expected ?? 0) + (stats.unexpected ?? 0) + (stats.flaky ?? 0) === 0) tally.crashed = true;
}

/** Titles of the Playwright tests that failed first and passed on retry. */
function flakyTitles(suites, prefix = []) {
  return suites.flatMap((suite) => {
    const trail = suite.title ? [...prefix, suite.title] : prefix;
    const own = (suite.specs ?? []).filter((spec) => spec.tests.some((test) => test.status === 'flaky')).map((spec) => [...trail, spec.title].join(' › '));
    return [...own, ...flakyTitles(suite.suites ?? [], trail)];
  });
}

/** The closing line CI reads: it always starts `N passed, N failed`. */
export function closingLine(tally) {
  return `${tally.passed} passed, ${tally.failed} failed, ${tally.flaky} flaky${tally.skipped ? `, ${tally.skipped} skipped` : ''}`;
}

export function tallySucceeded(tally) {
  return tally.failed === 0 && tally.flaky === 0 && !tally.crashed;
}
