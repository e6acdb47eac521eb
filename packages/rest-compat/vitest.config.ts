import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: {
    name: 'rest-compat',
    include: ['test/**/*.test.ts'],
    // One real PostgreSQL + Temporal for the whole project, started once.
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // Files share the stack and a worker process; run them one after another.
    fileParallelism: false,
  },
});
