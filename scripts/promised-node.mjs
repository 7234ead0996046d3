#!/usr/bin/env node
// The lowest Node this project promises (.node-version), fetched from the npm registry when the
// machine lacks it (docs/decisions/096). The registry serves the official Node binaries as the
// packages node-linux-<arch>; a verified copy is kept per version under
// ~/.cache/pledgeway-node/<version>, so only the first use downloads.
//
// No dependency is imported here: `.ci/run` runs this before `npm ci`, with the machine's own Node.
// Run as a script, it installs that Node when missing and prints its bin folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The version `.node-version` names: the lowest one package.json's engines allow. */
export function lowestPromisedVersion() {
  return readFileSync(path.join(ROOT, '.node-version'), 'utf8').trim();
}

/** Where a verified copy of that Node is kept. */
export function promisedNodeDir(version = lowestPromisedVersion(), env = process.env) {
  const cache = env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  return path.join(cache, 'pledgeway-node', version);
}

function npmArch(arch = process.arch) {
  if (arch === 'x64' || arch === 'arm64') return arch;
  throw new Error(`The npm registry has no Node package for ${process.platform} on ${arch}.`);
}

/** The version a Node binary reports, or null when it does not run. */
function reportedVersion(nodeBinary) {
  if (!existsSync(nodeBinary)) return null;
  const result = spawnSync(nodeBinary, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim().replace(/^v/, '') : null;
}

/**
 * Installs the lowest promised Node into the cache unless a copy that reports the right version
 * is there already, and answers its bin folder. Throws with a sentence when it cannot.
 */
export function installPromisedNode({ version = lowestPromisedVersion(), log = console.error } = {}) {
  const dir = promisedNodeDir(version);
  const bin = path.join(dir, 'bin');
  if (reportedVersion(path.join(bin, 'node')) === version) return bin;
  if (process.platform !== 'linux') {
    throw new Error(`Install Node ${version} or a later supported release: the npm registry's Node packages are for Linux only.`);
  }
  const name = `node-linux-${npmArch()}`;
  log(`Installing Node ${version} from the npm registry (${name}) into ${dir}`);
  const scratch = mkdtempSync(path.join(tmpdir(), 'pledgeway-node-'));
  try {
    const pack = spawnSync('npm', ['pack', '--silent', `${name}@${version}`], { cwd: scratch, encoding: 'utf8' });
    if (pack.status !== 0) throw new Error(`npm could not fetch ${name}@${version}: ${(pack.stderr || pack.stdout).trim()}`);
    const untar = spawnSync('tar', ['-xzf', `${name}-${version}.tgz`], { cwd: scratch, encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(`The package ${name}@${version} did not unpack: ${untar.stderr.trim()}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(path.dirname(dir), { recursive: true });
    renameSync(path.join(scratch, 'package'), dir);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const installed = reportedVersion(path.join(bin, 'node'));
  if (installed !== version) throw new Error(`The Node in ${dir} reports ${installed ?? 'nothing'}, not ${version}.`);
  return bin;
}

if (import.meta.filename === process.argv[1]) {
  try {
    console.log(installPromisedNode());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
