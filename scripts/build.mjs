#!/usr/bin/env node
// Production build (docs/decisions/060-production-build.md):
// 1. type-check packages/domain, apps/api and apps/web (at once): a type error stops the build;
// 2. the web app with Vite into apps/web/dist, and its server renderer into apps/web/dist-ssr;
// 3. the API and packages/domain bundled to plain JavaScript in apps/api/dist (with its migrations).
// Then a stamp records when, so `npm start` builds again only when a source changed.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { BUILD_STAMP, ROOT } from './build-state.mjs';
import { runOnPromisedNode } from './node-version.mjs';
import { runTogether } from './run-together.mjs';

await runOnPromisedNode();

function step(label, command, args) {
  console.log(`\n> ${label}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\nThe build stopped: ${label} failed (see above).`);
    process.exit(result.status ?? 1);
  }
}

// The three type checks are independent: together they take the time of the longest.
console.log('\n> type-check packages/domain, apps/api and apps/web');
if (
  (await runTogether(
    ['packages/domain', 'apps/api', 'apps/web'].map((project) => `npx tsc -p ${project}`),
    { cwd: ROOT },
  )) !== 0
) {
  console.error('\nThe build stopped: a type check failed (see above).');
  process.exit(1);
}
step('build the web app and its server renderer (Vite)', 'npm', ['run', 'build', '-w', 'apps/web']);
step('bundle the API (esbuild)', 'npm', ['run', 'build', '-w', 'apps/api']);
writeFileSync(BUILD_STAMP, JSON.stringify({ builtAt: new Date().toISOString() }) + '\n');
console.log('\nBuild complete: `npm run serve` runs it.');
