// One throwaway PostgreSQL cluster (through @quarry/devstack) for the whole db test run; each test
// file makes its own databases on it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres } from '@quarry/devstack';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a database on the test cluster whose user may create and drop databases. */
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quarry-db-test-'));
  const postgres = await startPostgres({ dataDir, ephemeral: true });
  project.provide('postgresAdminUrl', postgres.url);
  return async () => {
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
