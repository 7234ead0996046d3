// Reading the runners' JSON reports into one tally (scripts/test.mjs): passed, failed, flaky and
// skipped tests, and whether a runner crashed before it reported.
import { existsSync, readFileSync } from 'node:fs';

export function createTally() {
  return { passed: 0, failed: 0, flaky: 0, skipped: 0, crashed: false };
}

/** A Vitest JSON report. A file that fails to load has no tests but is still a failure. */
export function addVitestReport(tally, file, label) {
  if (!existsSync(file)) {
    console.error(`${label}: no results were written (the runner crashed)`);
    tally.crashed = true;
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests;
  tally.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  const brokenFiles = (report.testResults ?? []).filter((result) => result.status === 'failed' && result.assertionResults.length === 0);
  tally.failed += brokenFiles.length;
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
