import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'webhooks', include: ['test/**/*.test.ts'] },
});
