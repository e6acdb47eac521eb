import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/.next/**', '**/node_modules/**', '**/generated/**', '.data/**', '**/next-env.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
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
);
