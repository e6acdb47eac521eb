import type { TestProject } from 'vitest/node';
import { createLogger, loadEnv } from '@quarry/config';
import { startStack, type Stack } from '@quarry/devstack';
import { migrate } from '@quarry/db';

let stack: Stack | undefined;

/** Starts an ephemeral real PostgreSQL and Temporal dev server, migrated, for the REST tests. */
export async function setup(project: TestProject): Promise<void> {
  const env = loadEnv({ ...process.env, DATABASE_URL: undefined, TEMPORAL_ADDRESS: undefined });
  stack = await startStack({ env, log: createLogger('test-stack'), ephemeral: true });
  await migrate(stack.databaseUrl);
  project.provide('stack', {
    databaseUrl: stack.databaseUrl,
    temporalAddress: stack.temporalAddress,
    masterKey: stack.masterKey.toString('base64'),
    dataDir: stack.dataDir,
    blobDir: stack.blobDir,
  });
}

export async function teardown(): Promise<void> {
  await stack?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: { databaseUrl: string; temporalAddress: string; masterKey: string; dataDir: string; blobDir: string };
  }
}
