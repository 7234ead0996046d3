#!/usr/bin/env node
// `npm start`: the local demo in one command. Builds when the build is missing or older than the
// sources, then runs the built server in production mode. With the embedded database (no
// DATABASE_URL) it is a local demo, so it opts in to the sandbox payment provider and the outbox
// e-mail that production otherwise refuses without an explicit setting (README, Configuration).
import { spawnSync } from 'node:child_process';
import { ROOT, staleReason } from './build-state.mjs';
import { runOnPromisedNode } from './node-version.mjs';

// On an older Node (a fresh machine may have only that) the local demo runs again on the lowest
// promised Node, fetched once from the npm registry; `npm run serve`, the production start, refuses.
await runOnPromisedNode();

const reason = staleReason();
if (reason) {
  console.log(`Building (${reason})…`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!process.env.DATABASE_URL) {
  process.env.ALLOW_SANDBOX_PAYMENTS ??= '1';
  process.env.ALLOW_OUTBOX_EMAIL ??= '1';
}
await import('./serve.mjs');
