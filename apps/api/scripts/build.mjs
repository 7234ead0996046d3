#!/usr/bin/env node
// Bundles the API and packages/domain into plain JavaScript (dist/server.js) that `node` runs
// without TypeScript tooling. Every npm package stays external and must be a production
// dependency of apps/api; the bundle fails otherwise, so `npm ci --omit=dev` cannot miss one.
// Types are not checked here: the root build runs tsc first (docs/decisions/060-production-build.md).
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const apiRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(apiRoot, 'dist');
const manifest = JSON.parse(readFileSync(path.join(apiRoot, 'package.json'), 'utf8'));
const runtimeDependencies = new Set(Object.keys(manifest.dependencies ?? {}));
/** Workspace packages ship TypeScript sources, so they are compiled into the bundle. */
const bundledWorkspaces = new Set(['@pledgeway/domain']);

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Keeps npm packages out of the bundle, and refuses one that is not a production dependency. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const name = packageName(args.path);
      if (bundledWorkspaces.has(name)) return undefined;
      if (runtimeDependencies.has(name)) return { path: args.path, external: true };
      return { errors: [{ text: `${name} is imported by ${path.relative(apiRoot, args.importer)} but is not a dependency of apps/api` }] };
    });
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(apiRoot, 'src/server.ts')],
  outfile: path.join(dist, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.13',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalDependencies],
});
// The migrator reads SQL files next to the code (db/client.ts: <dir of the bundle>/migrations).
cpSync(path.join(apiRoot, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log(`API bundled to ${path.relative(process.cwd(), dist)}/server.js`);
