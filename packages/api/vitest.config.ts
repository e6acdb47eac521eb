import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    // Real PostgreSQL and Temporal, started once for the project (the REST tests' stack set-up).
    globalSetup: ['../rest-compat/test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
