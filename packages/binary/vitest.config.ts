import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'binary', include: ['test/**/*.test.ts'] },
});
