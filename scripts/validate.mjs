#!/usr/bin/env node
// Everything CI checks, in one command (CI's .ci/run calls it): the production build (type checks,
// web app, API bundle with its production dependencies), then every test, in one run of
// scripts/test.mjs that reuses the build's type checks and web app instead of repeating them.
import { spawnSync } from 'node:child_process';
import { ROOT } from './build-state.mjs';
import { runOnPromisedNode } from './node-version.mjs';

await runOnPromisedNode();

const result = spawnSync('node', ['scripts/test.mjs', '--build'], { cwd: ROOT, stdio: 'inherit' });
process.exit(result.status ?? 1);
