import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'threads', include: ['test/**/*.test.ts'] },
});
