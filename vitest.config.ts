import { defineConfig } from 'vitest/config';

// One root config: every workspace is a project, so `npm test` runs the whole suite.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'temporal'],
  },
});
