#!/usr/bin/env node
// The Node versions this project promises are package.json's `engines.node` (docs/decisions/096);
// `.node-version` names the lowest of them, the one CI runs on (`.ci/run`).
// Run as a script, it fails unless the running Node is exactly that lowest version and it is the
// lowest the engines range allows, so CI proves what README promises.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { ROOT } from './build-state.mjs';

const SUPPORTED = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).engines.node;
const LOWEST = readFileSync(path.join(ROOT, '.node-version'), 'utf8').trim();

/** A sentence saying why this Node is not supported, or null when it is. */
export function unsupportedNode(version = process.versions.node) {
  if (semver.satisfies(version, SUPPORTED)) return null;
  return `Pledgeway needs Node ${SUPPORTED} (package.json engines); this is Node ${version}. Install Node ${LOWEST} or a later supported release.`;
}

/** Development commands go on with a warning; they may still work, but nothing proves it. */
export function warnOnUnsupportedNode() {
  const problem = unsupportedNode();
  if (problem) console.warn(`\nWARNING: ${problem}\n`);
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
