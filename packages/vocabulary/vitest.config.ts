import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'vocabulary', include: ['test/**/*.test.ts'] },
});
