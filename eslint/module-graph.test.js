// The API modules stand in layers: imports between modules run one way (eslint/module-graph.js).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './boundaries.js';
import { moduleCycles, moduleGraph } from './module-graph.js';

describe('the API modules’ import graph', () => {
  it('has no cycle between modules, type-only imports included', () => {
    const edges = moduleGraph();
    expect(edges.get('events')?.has('charging')).toBe(true);
    expect(moduleCycles(edges)).toEqual([]);
  });

  it('finds two modules that import each other through different files, one import type-only', () => {
    const edges = moduleGraph(path.join(ROOT, 'eslint/fixtures/modules'));
    expect(edges.get('beta')?.get('alpha')).toEqual(['beta/checks.ts → alpha/rules.ts']);
    expect(moduleCycles(edges)).toEqual([['alpha', 'beta']]);
  });
});
