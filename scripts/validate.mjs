#!/usr/bin/env node
// Everything CI checks, in one command (CI's .ci/run calls it): the production build (type checks,
// web app, API bundle with its production dependencies), then every test (`npm test`).
import { spawnSync } from 'node:child_process';
import { ROOT } from './build-state.mjs';

for (const script of ['build', 'test']) {
  const result = spawnSync('npm', ['run', script], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\nvalidate: npm run ${script} failed.`);
    process.exit(result.status ?? 1);
  }
}
