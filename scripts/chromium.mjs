import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests drive: `CHROMIUM_PATH` when set, else Debian's headless shell
 * (`apt-get install -y chromium-headless-shell`), else the full browser. The headless shell renders
 * the same pages with about a quarter less CPU than the full browser in headless mode, whose
 * Debian wrapper also turns on GPU rasterization in software (docs/decisions/265-browser-tests-in-the-headless-shell.md).
 */
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

export function browserTestChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate)) ?? CHROMIUM_CANDIDATES[0];
}
