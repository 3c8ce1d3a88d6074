import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { featureZones } from './eslint.zones.js';

/** ctx.transact(work) is the one way to open a transaction (platform/unit-of-work.ts). */
const OPEN_TRANSACTION = {
  selector: "CallExpression[callee.property.name='transaction']",
  message: 'Open transactions with ctx.transact(work) only.',
};
const SQL_OUTSIDE_REPOSITORY = [
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom)$/]',
    message: "SQL belongs in the module's repository.",
  },
  {
    selector: "TaggedTemplateExpression[tag.name='sql']",
    message: "SQL belongs in the module's repository.",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'e2e/artifacts/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // A server module exposes only its index.ts: other modules import `../<domain>`, never its files.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\./)[a-z-]+/.+',
              message: 'Import another module through its index.ts only.',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', OPEN_TRANSACTION],
    },
  },
  {
    // All SQL of a module lives in its repository, as plain functions over an executor.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.repository.ts'],
    rules: { 'no-restricted-syntax': ['error', OPEN_TRANSACTION, ...SQL_OUTSIDE_REPOSITORY] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/backoffice/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  featureZones('apps/web'),
  featureZones('apps/backoffice'),
);
