#!/usr/bin/env node
// The Node versions this project promises are package.json's `engines.node` (docs/decisions/096);
// `.node-version` names the lowest of them, the one CI runs on (`.ci/run`).
// Run as a script, it fails unless the running Node is exactly that lowest version and it is the
// lowest the engines range allows, so CI proves what README promises.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { ROOT } from './build-state.mjs';
import { installPromisedNode } from './promised-node.mjs';

const SUPPORTED = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).engines.node;
const LOWEST = readFileSync(path.join(ROOT, '.node-version'), 'utf8').trim();

/** A sentence saying why this Node is not supported, or null when it is. */
export function unsupportedNode(version = process.versions.node) {
  if (semver.satisfies(version, SUPPORTED)) return null;
  return `Pledgeway needs Node ${SUPPORTED} (package.json engines); this is Node ${version}. Install Node ${LOWEST} or a later supported release.`;
}

/**
 * `npm start` and `npm test` on an older Node: rather than fail, run the same command again on the
 * lowest promised Node, fetched once from the npm registry into a cache (promised-node.mjs), with
 * its bin folder first on PATH so every npm and npx the command starts runs on it too. Answers only
 * when this Node is supported; otherwise the process ends with the command's own exit status.
 * Where that Node cannot be fetched, the command goes on with a warning, as before.
 */
export async function runOnPromisedNode({
  version = process.versions.node,
  install = installPromisedNode,
  argv = process.argv.slice(1),
  exit = process.exit,
} = {}) {
  const problem = unsupportedNode(version);
  if (!problem) return;
  let bin;
  try {
    bin = install();
  } catch (error) {
    console.warn(`\nWARNING: ${problem}\nNode ${LOWEST} could not be fetched (${error.message}); going on with Node ${version}, which nothing proves.\n`);
    return;
  }
  console.warn(`\nThis machine's Node is ${version}; Pledgeway needs ${SUPPORTED}. Running this command on Node ${LOWEST} from ${bin}.\n`);
  const child = spawn(path.join(bin, 'node'), argv, {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  const forward = (signal) => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
  const status = await new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.off(signal, forward);
  exit(status);
}

/** The production start refuses: a server must run on a Node its dependencies support. */
export function refuseUnsupportedNode() {
  const problem = unsupportedNode();
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}

if (import.meta.filename === process.argv[1]) {
  const lowestAllowed = semver.minVersion(SUPPORTED)?.version;
  if (lowestAllowed !== LOWEST) {
    console.error(`.node-version says ${LOWEST}, but the lowest Node package.json's engines allow is ${lowestAllowed}.`);
    process.exit(1);
  }
  if (process.versions.node !== LOWEST) {
    console.error(`CI must run on the lowest promised Node, ${LOWEST}; this is ${process.versions.node}.`);
    process.exit(1);
  }
  console.log(`Node ${process.versions.node}: the lowest version package.json's engines (${SUPPORTED}) promise.`);
}
