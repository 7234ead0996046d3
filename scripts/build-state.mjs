// Where the production build lives, and whether it is older than the sources it was built from.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = path.join(ROOT, 'apps/api/dist/server.js');
export const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');
/** The server renderer of the public pages (docs/decisions/071). */
export const WEB_SSR_ENTRY = path.join(ROOT, 'apps/web/dist-ssr/entry-server.js');
export const BUILD_STAMP = path.join(ROOT, 'apps/api/dist/build-stamp.json');

/** Everything the build reads: a change to any of these makes the build stale. */
const SOURCES = [
  'packages/domain/src',
  'apps/api/src',
  'apps/api/package.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'package-lock.json',
];

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(entry, { recursive: true })) newest = Math.max(newest, statSync(path.join(entry, name)).mtimeMs);
  return newest;
}

export function buildExists() {
  return existsSync(SERVER_ENTRY) && existsSync(WEB_INDEX) && existsSync(WEB_SSR_ENTRY);
}

/** Why a build is needed, or undefined when the existing one is current. */
export function staleReason() {
  if (!buildExists() || !existsSync(BUILD_STAMP)) return 'no build yet';
  const builtAt = statSync(BUILD_STAMP).mtimeMs;
  const changed = SOURCES.find((source) => newestChange(path.join(ROOT, source)) > builtAt);
  return changed ? `${changed} changed since the last build` : undefined;
}

/**
 * Node's arguments that start the API server from the repository's root: the built bundle when it
 * is current (CI builds before it tests), else the sources through tsx. The bundle starts with about
 * 40 % less CPU than tsx compiling and loading the sources, which counts where tests start servers
 * (e2e/global-setup.ts, and the fault tests' child apps: three at once in faults/instance-killed.test.ts).
 */
export function serverStartArgs() {
  return staleReason() === undefined ? ['--enable-source-maps', path.relative(ROOT, SERVER_ENTRY)] : ['--import', 'tsx', 'apps/api/src/server.ts'];
}
