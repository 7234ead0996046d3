import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { browserTestChromium } from '../scripts/chromium.mjs';

/**
 * End-to-end tests drive the built web app, served by the real server (see global-setup.ts), in
 * the machine's Chromium (scripts/chromium.mjs: Debian's headless shell when installed). Playwright's
 * own browser downloads are not used (no network for them).
 */
const chromiumPath = browserTestChromium();
if (!existsSync(chromiumPath)) {
  throw new Error(
    `Chromium was not found at ${chromiumPath}. Install it with \`apt-get update && apt-get install -y chromium-headless-shell\`, ` +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
}

export default defineConfig({
  testDir: './tests',
  outputDir: './.results/artifacts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // On CI a failed test runs once more only to tell flaky from broken: npm test counts one that
  // passed on its retry as flaky, names it and fails the run (decision 098).
  retries: process.env.CI ? 1 : 0,
  // Playwright's test timeout (30 s); a test that is long by nature says so with test.slow() and a
  // reason. An assertion waits up to 10 s, not Playwright's 5: two browsers, the server and its
  // embedded database share two cores, and a read answered in 5.2 s made a passing test flaky in
  // CI (a search's results, a sorted list). A passing assertion waits no longer for it.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(import.meta.dirname, '.results/results.json') }]],
  globalSetup: './global-setup.ts',
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    // Recording a trace for every test took about a third of the run's CPU (the browser and its
    // compositor capture each frame); CI retries a failed test once, and that retry records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium' }],
});
