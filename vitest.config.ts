import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. An API test
    // file spends much of its time waiting (on PostgreSQL, on password hashing's threads, on HTTP),
    // so two workers keep both cores busy (decision 100).
    // Tests where requests, workers or processes race, or where more than one connection or process
    // shares the database. The embedded database runs one statement at a time, so there a race
    // cannot happen: CI runs these on PostgreSQL as well, where it truly races (decision 124). A
    // test file is tagged whole with a `// @module-tag concurrency` first line.
    tags: [{ name: 'concurrency', description: 'Runs on PostgreSQL too: requests, workers or processes race, or share the database.' }],
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // The web app's `@/…` imports, for component tests.
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
        test: {
          name: 'unit',
          include: ['packages/domain/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'eslint/**/*.test.js', 'scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        // Web components rendered with Testing Library in a simulated DOM.
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          // Each worker imports the app once for all its files instead of once per file, which was
          // most of a file's start on a busy machine (decision 114). Every file still gets its own
          // database and server; state that outlives a file (env, spies, timers) is undone by it.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['apps/api/src/test/test-file-guards.ts'],
          // One migrated database per run, copied for each test file (decision 100).
          globalSetup: ['apps/api/src/test/global-setup.ts'],
        },
      },
    ],
  },
});
