#!/usr/bin/env node
// Production build (docs/decisions/060-production-build.md):
// 1. type-check packages/domain, apps/api and apps/web: a type error stops the build;
// 2. the web app with Vite into apps/web/dist, and its server renderer into apps/web/dist-ssr;
// 3. the API and packages/domain bundled to plain JavaScript in apps/api/dist (with its migrations).
// Then a stamp records when, so `npm start` builds again only when a source changed.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { BUILD_STAMP, ROOT } from './build-state.mjs';
import { runOnPromisedNode } from './node-version.mjs';

await runOnPromisedNode();

function step(label, command, args) {
  console.log(`\n> ${label}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\nThe build stopped: ${label} failed (see above).`);
    process.exit(result.status ?? 1);
  }
}

const tsc = ['exec', '--', 'tsc', '-p'];
step('type-check packages/domain', 'npm', [...tsc, 'packages/domain']);
step('type-check apps/api', 'npm', [...tsc, 'apps/api']);
step('type-check apps/web', 'npm', [...tsc, 'apps/web']);
step('build the web app and its server renderer (Vite)', 'npm', ['run', 'build', '-w', 'apps/web']);
step('bundle the API (esbuild)', 'npm', ['run', 'build', '-w', 'apps/api']);
writeFileSync(BUILD_STAMP, JSON.stringify({ builtAt: new Date().toISOString() }) + '\n');
console.log('\nBuild complete: `npm run serve` runs it.');
