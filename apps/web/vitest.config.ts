import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  // One file at a time: the start and end-to-end tests each run the whole service on two cores.
  test: { name: 'web', include: ['test/**/*.test.ts'], testTimeout: 600_000, hookTimeout: 300_000, fileParallelism: false },
});
