// No import cycles, counting type-only imports (CONTRIBUTING.md, "API modules"; decision 101).
//
// import-x/no-cycle skips `import type`, so files that need each other's types formed a circle it
// never reported (context.ts → events → catalog → … → context.ts). A type import still ties two
// files together: neither can be read, moved or split without the other. This rule follows every
// import and export-from, type-only ones included, with the resolver that import-x is configured
// with (settings 'import-x/resolver-next'), and reports an import from which the file comes back to
// itself. Other files' imports are read from disk with TypeScript's own import scanner, once each.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Resolved imports of each file read from disk, kept for the whole lint run. */
const importsOnDisk = new Map();

function resolveAll(specifiers, file, resolvers) {
  const found = [];
  for (const specifier of specifiers) {
    if (!specifier.startsWith('.') && !specifier.startsWith('@/') && !specifier.startsWith('@pledgeway/')) continue;
    for (const resolver of resolvers) {
      const result = resolver.resolve(specifier, file);
      if (result?.found && result.path && !result.path.includes(`${path.sep}node_modules${path.sep}`)) {
        found.push({ specifier, path: result.path });
        break;
      }
    }
  }
  return found;
}

function diskImports(file, resolvers) {
  let imports = importsOnDisk.get(file);
  if (!imports) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      // A file that cannot be read imports nothing here.
    }
    const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((entry) => entry.fileName);
    imports = resolveAll(specifiers, file, resolvers).map((entry) => entry.path);
    importsOnDisk.set(file, imports);
  }
  return imports;
}

/** The shortest chain of imports from `start` back to `target`, or undefined. */
function pathBack(start, target, resolvers) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift();
    for (const next of diskImports(file, resolvers)) {
      if (next === target) {
        const chain = [file];
        for (let step = cameFrom.get(file); step; step = cameFrom.get(step)) chain.unshift(step);
        return chain;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included' },
    schema: [],
    messages: { cycle: 'Import cycle (type imports count): {{chain}}' },
  },
  create(context) {
    const file = context.physicalFilename;
    const resolvers = context.settings['import-x/resolver-next'] ?? [];
    if (file === '<text>' || !resolvers.length) return {};
    const root = context.cwd;
    const relative = (target) => path.relative(root, target);
    return {
      'Program:exit'(program) {
        const declarations = program.body.filter((node) => node.source && typeof node.source.value === 'string');
        const direct = resolveAll(
          declarations.map((node) => node.source.value),
          file,
          resolvers,
        );
        const reported = new Set();
        for (const { specifier, path: target } of direct) {
          if (target === file || reported.has(specifier)) continue;
          const chain = pathBack(target, file, resolvers);
          if (!chain) continue;
          reported.add(specifier);
          const node = declarations.find((declaration) => declaration.source.value === specifier);
          context.report({ node, messageId: 'cycle', data: { chain: [file, ...chain, file].map(relative).join(' → ') } });
        }
      },
    };
  },
};
