import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'web', include: ['test/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 300_000 },
});
