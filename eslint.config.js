import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const web = 'apps/web/src';
const features = readdirSync(`${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.test-output/**', 'e2e/.results/**', 'apps/api/src/db/migrations/**'] },
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
