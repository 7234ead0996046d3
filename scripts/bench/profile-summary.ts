// Reads a V8 CPU profile (`node --cpu-prof`, or BENCH_CPU_PROF / CHARGE_RUN_CPU_PROF of the bench)
// and prints where the time went: self time by function and by package, busiest first.
//   node --import tsx scripts/bench/profile-summary.ts <file.cpuprofile> [rows] [seconds]
// With `seconds`, only the profile's last seconds before its final idle stretch (the measured load,
// not the set-up before it). PROFILE_CALLERS=<function name> (`writev`, say) adds who called that
// function: its samples grouped by the chain of the app's and packages' frames above it.
// PROFILE_INCLUSIVE=1 adds each of the app's functions with everything it called (a route's whole
// cost, say: self time alone spreads it over the driver, the database and the renderer).
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArgument, secondsArgument] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [rows] [seconds]');
const rows = Number(rowsArgument ?? 25);
const windowMicros = secondsArgument ? Number(secondsArgument) * 1e6 : Infinity;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

/** Where a frame's code lives: a package under node_modules, the app, Node itself or V8's own. */
function packageOf(url: string): string {
  if (!url) return '(V8)';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1]!;
  if (url.startsWith('node:')) return 'node';
  return 'app';
}

const isIdle = (id: number) => nodes.get(id)!.callFrame.functionName === '(idle)';
/** Each sample's time since the profile began; the window ends at the last busy sample. */
const at: number[] = [];
profile.timeDeltas.reduce((elapsed, delta, index) => (at[index] = elapsed + delta), 0);
const lastBusy = profile.samples.findLastIndex((id) => !isIdle(id));
const windowEnd = at[lastBusy] ?? 0;

const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const callersOf = process.env.PROFILE_CALLERS;
/** The frames above a sample that are the app's or a package's (Node's own stream plumbing left out), nearest first. */
function callerChain(id: number, depth = 6): string {
  const chain: string[] = [];
  for (let parent = parents.get(id); parent !== undefined && chain.length < depth; parent = parents.get(parent)) {
    const frame = nodes.get(parent)!.callFrame;
    if (frame.url.startsWith('node:') || !frame.url) continue;
    chain.push(`${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`);
  }
  return chain.join(' < ') || '(no caller of the app or a package)';
}

/** The app's own functions on a sample's stack, each once (recursion counted once). */
function appFramesOn(id: number): Set<string> {
  const names = new Set<string>();
  for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
    const frame = nodes.get(current)!.callFrame;
    if (packageOf(frame.url) === 'app') names.add(`${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`);
  }
  return names;
}

const byCaller = new Map<string, number>();
const inclusive = new Map<string, number>();
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  if (at[index]! > windowEnd || at[index]! < windowEnd - windowMicros) return;
  const micros = profile.timeDeltas[index] ?? 0;
  const frame = nodes.get(id)!.callFrame;
  const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  if (frame.functionName === callersOf) byCaller.set(callerChain(id), (byCaller.get(callerChain(id)) ?? 0) + micros);
  byPackage.set(packageOf(frame.url), (byPackage.get(packageOf(frame.url)) ?? 0) + micros);
  if (process.env.PROFILE_INCLUSIVE && !isIdle(id)) for (const name of appFramesOn(id)) inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
  total += micros;
});

const print = (title: string, table: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, micros] of [...table].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${((micros / total) * 100).toFixed(1).padStart(5)}%  ${(micros / 1e6).toFixed(2).padStart(7)} s  ${name}`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s of samples`);
print('Self time by package', byPackage);
print('Self time by function', byFunction);
if (process.env.PROFILE_INCLUSIVE) print("The app's functions with all they called (share of all samples)", inclusive);
if (callersOf) print(`Callers of ${callersOf} (share of all samples)`, byCaller);
