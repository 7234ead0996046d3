import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import { apiModuleZones, ROOT, webFeatureZones } from './eslint/boundaries.js';
import { unitSize } from './eslint/unit-size.js';
import { noCycle } from './eslint/no-cycle.js';
import { tableOwner } from './eslint/table-owners.js';

const web = 'apps/web/src';
/** API module files that still hold SQL outside a repository, each with its reason in CONTRIBUTING.md. */
const SQL_OUTSIDE_REPOSITORIES = [
  'auth/tokens.ts',
  'charging/attempts.ts',
  'charging/deadline.ts',
  'charging/failed-window.ts',
  'charging/holds.ts',
  'charging/sweep.ts',
  'donations/service.ts',
  'email-confirmation/service.ts',
  'event-reads/read-model.ts',
  'events/funding.ts',
  'events/funding-checkout.ts',
  'events/read-model.ts',
  'identity/service.ts',
].map((file) => `apps/api/src/modules/${file}`);
/** The project's own structure rules (eslint/no-cycle.js, eslint/table-owners.js). */
const structure = { rules: { 'no-cycle': noCycle, 'table-owner': tableOwner } };
const features = readdirSync(`${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      '.test-output/**',
      'e2e/.results/**',
      'apps/api/src/db/migrations/**',
      'eslint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  { files: [`${web}/**/*.{ts,tsx}`], languageOptions: { globals: { ...globals.browser } } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Flags setState after an awaited fetch inside an effect, which is the intended pattern here.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  // Import boundaries (bulletproof-react): a feature never imports another feature, shared code
  // (components, lib, config) never reaches up into features or the app shell; app/ composes.
  ...features.map((feature) => ({
    files: [`${web}/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', `!@/features/${feature}`],
              message: 'A feature may not import another feature; move shared code to components/ or lib/.',
            },
            { group: ['@/app/*'], message: 'Features may not import the app shell.' },
          ],
        },
      ],
    },
  })),
  {
    files: [`${web}/{components,lib,config}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/*', '@/app/*'], message: 'Shared code may not import features or the app shell.' }] },
      ],
    },
  },
  // One key, one resource, one shape (CONTRIBUTING.md, "A page"): a key written inline beside its
  // query drifts from the one an invalidation names, and the page shows stale data.
  {
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: [`${web}/lib/query-keys.ts`, '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "Property[key.name='queryKey'] > ArrayExpression", message: 'Take the query key from queryKeys in lib/query-keys.ts.' },
      ],
    },
  },
  // No import cycles anywhere, type-only imports included (eslint/no-cycle.js, decision 101): a
  // cycle makes load order matter and hides a missing layer.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX, structure },
    settings: {
      // Read TypeScript dependencies too, or a cycle through .ts files goes unseen.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'structure/no-cycle': 'error' },
  },
  // API module boundaries: another module's repository, routes and tables are off limits outside
  // tests (eslint/boundaries.js).
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: apiModuleZones() }],
      // One owner per table: only the owning module writes a core table (eslint/table-owners.js).
      'structure/table-owner': 'error',
    },
  },
  // SQL lives in the module's repository (CONTRIBUTING.md, 'API modules'): no other file of a module
  // imports the query builder or a table, except the files CONTRIBUTING.md lists with their reason.
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-*.ts', '**/*repository.ts', '**/tables.ts', ...SQL_OUTSIDE_REPOSITORIES],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: "SQL lives in the module's repository: move the query there and call it." }],
          patterns: [{ group: ['**/db/schema*', '**/tables*'], message: "SQL lives in the module's repository: move the query there and call it." }],
        },
      ],
    },
  },
  // A route file speaks HTTP: SQL lives in the module's repository (CONTRIBUTING.md, 'API modules').
  {
    files: ['apps/api/src/modules/**/routes.ts', 'apps/api/src/modules/**/*-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'No SQL in a route file: call the module service, which calls its repository.' }],
          patterns: [{ group: ['**/db/schema*', '**/tables*'], message: 'No SQL in a route file: call the module service, which calls its repository.' }],
        },
      ],
    },
  },
  // The feature rule again on resolved paths, so a relative import into another feature is caught too.
  {
    files: [`${web}/features/**/*.{ts,tsx}`],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: webFeatureZones() }] },
  },
  // Size (CONTRIBUTING.md, "Size"): a file under 300 lines of code, a function under 80, so each
  // reads whole. Tests, test helpers and seed data are exempt: they are long lists, not logic.
  {
    files: ['apps/api/src/**/*.ts', 'packages/domain/src/**/*.ts', `${web}/**/*.{ts,tsx}`, 'scripts/**/*.{ts,mjs}', 'e2e/**/*.ts'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/test-*.ts',
      'apps/api/src/test/**',
      'apps/api/src/db/seed-data.ts',
      // Marketing copy: long lists of sentences, not logic.
      `${web}/features/marketing/content/**`,
      // Playwright specs are tests.
      'e2e/tests/**/*.spec.ts',
    ],
    plugins: { 'unit-size': unitSize },
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'unit-size/max-function-lines': ['error', { max: 80 }],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@pledgeway/api*', '@pledgeway/web*', '**/apps/**'], message: 'The domain package stands alone.' }] },
      ],
    },
  },
);
