import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'testkit', include: ['test/**/*.test.ts'] },
});
