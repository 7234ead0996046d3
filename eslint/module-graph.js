// The API modules' import graph, one node per module folder (decision 101): imports between
// modules must run one way, so that the modules stand in layers and none has to be read with a
// module above it. eslint/no-cycle.js finds cycles between files; two modules can still import
// each other through different files (events/funding.ts → charging, charging/runs.ts → events),
// which only this graph shows. Type-only imports count; tests do not (they sit above everything).
//
//   node eslint/module-graph.js   prints the modules, the imports between them and any cycle
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from './boundaries.js';

export const API_MODULES = path.join(ROOT, 'apps/api/src/modules');
const TEST_FILE = /\.test\.ts$/;

function sourceFiles(folder) {
  return readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts') && !TEST_FILE.test(file))
    .map((file) => path.join(folder, file));
}

const moduleOf = (modules, file) => path.relative(modules, file).split(path.sep)[0].replace(/\.ts$/, '');

/** Imports between modules: `from → to → [file → file, …]`, read from the files under `modules`. */
export function moduleGraph(modules = API_MODULES) {
  const edges = new Map();
  for (const file of sourceFiles(modules)) {
    const from = moduleOf(modules, file);
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), fileName);
      if (!target.startsWith(modules + path.sep)) continue;
      const to = moduleOf(modules, target);
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const files = edges.get(from).get(to) ?? [];
      files.push(`${path.relative(modules, file)} → ${path.relative(modules, target)}`);
      edges.get(from).set(to, files);
    }
  }
  return edges;
}

/** Groups of modules that import each other, directly or round a loop (Tarjan's strongly connected components). */
export function moduleCycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const cycles = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      group.unshift(member);
    } while (member !== node);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** How many layers the modules stand in: a module stands one above the highest module it imports (graph without cycles). */
export function moduleLayers(edges) {
  const floor = new Map();
  const floorOf = (node) => {
    if (!floor.has(node)) floor.set(node, 1 + Math.max(0, ...[...(edges.get(node)?.keys() ?? [])].map(floorOf)));
    return floor.get(node);
  };
  return Math.max(0, ...[...edges.keys()].map(floorOf));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const edges = moduleGraph();
  const count = [...edges.values()].reduce((sum, targets) => sum + targets.size, 0);
  for (const [from, targets] of [...edges].sort()) console.log(`${from} → ${[...targets.keys()].sort().join(', ')}`);
  const cycles = moduleCycles(edges);
  const layers = cycles.length ? 'no layers (cycles)' : `${moduleLayers(edges)} layers`;
  console.log(`${edges.size} importing modules, ${count} imports between modules, ${cycles.length} cycle(s), ${layers}`);
  for (const group of cycles) console.log(`cycle: ${group.join(', ')}`);
  process.exitCode = cycles.length ? 1 : 0;
}
