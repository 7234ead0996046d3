// Runs independent checks at the same time, each through the shell: the build's three type checks,
// which take together the time of the longest (scripts/build.mjs). Each one's output is kept and
// printed whole when it ends, so outputs do not interleave.
import { spawn } from 'node:child_process';

/** Runs each shell command at once; answers the first failure's exit status, else 0. */
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
