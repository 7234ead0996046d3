import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/domain/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'eslint/**/*.test.js'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['apps/api/src/test/fail-on-console-error.ts'],
        },
      },
    ],
  },
});
