import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Package names as regular expressions: gitignore-style groups would also match relative paths.
const TRANSPORTS = ['@trpc/.*', 'graphql(-.*)?', '@pothos/.*', 'hono(/.*)?', '@hono/.*'];
const restrict = (names, message, extra = {}) => ({ regex: `^(${names.join('|')})$`, message, ...extra });

export default tseslint.config(
  { ignores: ['**/dist/**', '**/.next/**', '**/node_modules/**', '**/generated/**', '.data/**', '**/next-env.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      // Prettier wraps code at 160 columns; what it cannot wrap (comments) is held here. Long
      // literals (messages, rule text, test data) stay whole.
      'max-len': ['error', { code: 160, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true }],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits loses its error (and, in a worker, the job).
    files: ['{packages,apps}/*/{src,test,bench}/**/*.ts', 'temporal/{src,test}/**/*.ts', 'examples/*/src/**/*.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
    },
  },
  {
    // Plain Node scripts (start, test, bootstrap).
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // The environment is parsed once, by @quarry/config; nothing else reads it.
    files: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.ts', 'temporal/src/**/*.ts'],
    ignores: ['packages/config/src/**', 'packages/testkit/src/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Use loadEnv() from @quarry/config.' }],
    },
  },
  {
    // Services reach Temporal only through the job runner, and speak no transport.
    files: ['packages/api/src/**/*.ts'],
    ignores: ['packages/api/src/fronts/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            restrict(['@temporalio/.*'], 'Services reach Temporal through the JobRunner of @quarry/temporal.'),
            restrict([...TRANSPORTS, '@quarry/rest-compat'], 'Transports live in packages/api/src/fronts and packages/rest-compat.'),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/api/src/fronts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [restrict(['@temporalio/.*'], 'Services reach Temporal through the JobRunner of @quarry/temporal.')] },
      ],
    },
  },
  {
    // tRPC and GraphQL live under packages/api/src/fronts only (the REST contract in rest-compat).
    files: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.ts', 'temporal/src/**/*.ts'],
    ignores: ['packages/api/**', 'packages/rest-compat/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [restrict(['@trpc/.*', 'graphql(-.*)?', '@pothos/.*'], 'tRPC and GraphQL belong in packages/api/src/fronts.')] },
      ],
    },
  },
  {
    // Parsers, engines and analyzers know nothing of HTTP, databases or Temporal.
    files: ['packages/{evtx,registry,prefetch,sigma,yara,binary,insights,hunting,vocabulary,reference}/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            restrict(
              [...TRANSPORTS, '@temporalio/.*', '@prisma/.*', '@quarry/db', '@quarry/api', '@quarry/rest-compat', '@quarry/temporal', '@quarry/store'],
              'Parsers, engines and analyzers stay free of HTTP, Prisma and Temporal.',
            ),
          ],
        },
      ],
    },
  },
  {
    // Workflow code is replayed: it must be deterministic and may only import activity *types*.
    files: ['temporal/src/workflows/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            restrict(
              ['node:.*', 'fs', 'path', 'os', 'crypto', 'child_process', '@temporalio/client', '@temporalio/activity', '@temporalio/worker', '@quarry/.*'],
              'Workflow code is deterministic: use @temporalio/workflow APIs, and import activities as types only.',
              { allowTypeImports: true },
            ),
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['process', 'performance', 'crypto', 'setImmediate', 'queueMicrotask', 'WeakRef', 'FinalizationRegistry', 'fetch'].map((name) => ({
          name,
          message: 'Not deterministic on replay: keep it out of workflow code (activities may use it).',
        })),
      ],
    },
  },
);
