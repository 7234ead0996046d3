import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { addPlaywrightReport, addVitestReport, closingLine, createTally, tallySucceeded } from './test-results.mjs';
import { unsupportedNode } from './node-version.mjs';

const folder = mkdtempSync(path.join(tmpdir(), 'test-results-'));
function report(name, content) {
  const file = path.join(folder, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
}

const playwrightReport = (stats, flakyTitle) =>
  report(`playwright-${Math.random()}.json`, {
    stats,
    suites: [{ title: 'pledges.spec.ts', specs: [{ title: flakyTitle ?? 'steady', tests: [{ status: flakyTitle ? 'flaky' : 'expected' }] }] }],
  });

describe('the closing line of npm test', () => {
  it('counts a test that passed only on its retry as flaky, not passed, names it and fails the run', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const tally = createTally();
    addVitestReport(tally, report('vitest.json', { numPassedTests: 10, numFailedTests: 0, numPendingTests: 1, testResults: [] }), 'unit');
    addPlaywrightReport(tally, playwrightReport({ expected: 4, unexpected: 0, flaky: 1, skipped: 0 }, 'a pledge moves the total'));
    expect(closingLine(tally)).toBe('14 passed, 0 failed, 1 flaky, 1 skipped');
    expect(tallySucceeded(tally)).toBe(false);
    expect(errors).toHaveBeenCalledWith('flaky (failed, then passed on its retry): pledges.spec.ts › a pledge moves the total');
    errors.mockRestore();
  });

  it('starts with "N passed, N failed" and succeeds when nothing failed or was flaky', () => {
    const tally = createTally();
    addPlaywrightReport(tally, playwrightReport({ expected: 3, unexpected: 0, flaky: 0, skipped: 0 }));
    expect(closingLine(tally)).toMatch(/^3 passed, 0 failed, 0 flaky$/);
    expect(tallySucceeded(tally)).toBe(true);
  });

  it('counts a Vitest file that failed to load as a failure, and a missing report as a crash', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const tally = createTally();
    const broken = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, testResults: [{ status: 'failed', assertionResults: [] }] };
    addVitestReport(tally, report('broken.json', broken), 'api');
    addVitestReport(tally, path.join(folder, 'missing.json'), 'api on PostgreSQL');
    expect(tally.failed).toBe(1);
    expect(tally.crashed).toBe(true);
    expect(tallySucceeded(tally)).toBe(false);
    errors.mockRestore();
  });
  it('counts a Vitest file whose tests passed but whose hook or suite failed as a failure, and names it', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const tally = createTally();
    // What Vitest 4 writes when afterAll throws (or times out), and when a describe's beforeAll throws.
    const hookFailed = {
      numPassedTests: 3,
      numFailedTests: 0,
      numPendingTests: 1,
      numFailedTestSuites: 3,
      success: false,
      testResults: [
        { name: '/repo/apps/api/src/security/fuzz.test.ts', status: 'failed', message: 'Hook timed out in 60000ms.', assertionResults: [{ status: 'passed' }] },
        { name: '/repo/apps/api/src/other.test.ts', status: 'failed', message: '', assertionResults: [{ status: 'skipped' }, { status: 'passed' }] },
        { name: '/repo/apps/api/src/fine.test.ts', status: 'passed', message: '', assertionResults: [{ status: 'passed' }] },
      ],
    };
    addVitestReport(tally, report('hook-failed.json', hookFailed), 'API tests on PostgreSQL');
    expect(closingLine(tally)).toBe('3 passed, 2 failed, 0 flaky, 1 skipped');
    expect(tallySucceeded(tally)).toBe(false);
    expect(errors).toHaveBeenCalledWith(
      expect.stringMatching(/^API tests on PostgreSQL: .*fuzz\.test\.ts failed outside its tests: Hook timed out in 60000ms\.$/),
    );
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/other\.test\.ts failed outside its tests/));
    errors.mockRestore();
  });

  it('does not count a file twice when its failure is a failed test', () => {
    const tally = createTally();
    const testFailed = {
      numPassedTests: 1,
      numFailedTests: 1,
      numPendingTests: 0,
      testResults: [{ name: '/repo/a.test.ts', status: 'failed', message: '', assertionResults: [{ status: 'passed' }, { status: 'failed' }] }],
    };
    addVitestReport(tally, report('test-failed.json', testFailed), 'api');
    expect(closingLine(tally)).toBe('1 passed, 1 failed, 0 flaky');
  });

  it('counts a Vitest run that exited with an error but reported no failure (an unhandled error) as a failure', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const tally = createTally();
    const clean = {
      numPassedTests: 2,
      numFailedTests: 0,
      numPendingTests: 0,
      testResults: [{ name: '/repo/a.test.ts', status: 'passed', message: '', assertionResults: [] }],
    };
    addVitestReport(tally, report('clean.json', clean), 'unit', 1);
    expect(tally.failed).toBe(1);
    expect(errors).toHaveBeenCalledWith('unit: Vitest exited with status 1 without a failed test in its report (an unhandled error?): see the output above');
    errors.mockRestore();
  });
});

describe('a run narrowed to some tests (the API concurrency tests on PostgreSQL)', () => {
  it('does not count the tests a narrowed run left out as skipped, and fails a narrowed run in which no test ran', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const tally = createTally();
    const narrowed = { numPassedTests: 40, numFailedTests: 0, numPendingTests: 700, testResults: [] };
    addVitestReport(tally, report('narrowed.json', narrowed), 'API concurrency tests on PostgreSQL', 0, { narrowedTo: 'concurrency' });
    expect(closingLine(tally)).toBe('40 passed, 0 failed, 0 flaky');
    expect(tallySucceeded(tally)).toBe(true);

    const empty = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 740, testResults: [] };
    addVitestReport(tally, report('narrowed-empty.json', empty), 'API concurrency tests on PostgreSQL', 0, { narrowedTo: 'concurrency' });
    expect(tallySucceeded(tally)).toBe(false);
    expect(errors).toHaveBeenCalledWith('API concurrency tests on PostgreSQL: no test ran (none is tagged concurrency?)');
    errors.mockRestore();
  });
});

describe('the Node versions package.json promises', () => {
  it('accepts 22.13 and later 22s, 24 and later, and refuses 20, 22.12 and 23', () => {
    for (const version of ['22.13.0', '22.20.1', '24.0.0', '26.1.0']) expect(unsupportedNode(version)).toBeNull();
    for (const version of ['20.19.0', '22.12.0', '23.11.0']) expect(unsupportedNode(version)).toMatch(/^Pledgeway needs Node \^22\.13\.0 \|\| >=24/);
  });
});
