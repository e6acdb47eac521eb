import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: {
    name: 'store',
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/support/build-dist.ts', '../db/test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
