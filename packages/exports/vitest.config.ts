import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'exports', include: ['test/**/*.test.ts'], testTimeout: 120_000 },
});
