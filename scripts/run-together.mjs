#!/usr/bin/env node
// Runs independent checks at the same time, each through the shell: the build's three type checks,
// which take together the time of the longest (scripts/build.mjs). Each one's output is kept and
// printed whole when it ends, so outputs do not interleave; the exit status is the first
// failure's, else 0. Usage: node scripts/run-together.mjs 'npx tsc -p apps/api' 'npx tsc -p apps/web'
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Runs each shell command at once; answers whether all of them succeeded. */
export async function runTogether(commands, { cwd = process.cwd() } = {}) {
  const runs = commands.map(
    (command) =>
      new Promise((resolve) => {
        const child = spawn(command, {
          cwd,
          shell: true,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
        });
        const chunks = [];
        child.stdout.on('data', (chunk) => chunks.push(chunk));
        child.stderr.on('data', (chunk) => chunks.push(chunk));
        child.on('close', (code) => {
          process.stdout.write(`\n> ${command}${code === 0 ? '' : ` (failed: exit ${code})`}\n`);
          process.stdout.write(Buffer.concat(chunks));
          resolve(code ?? 1);
        });
      }),
  );
  const codes = await Promise.all(runs);
  return codes.find((code) => code !== 0) ?? 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(await runTogether(process.argv.slice(2)));
}
