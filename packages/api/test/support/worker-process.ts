import { spawn, type ChildProcess } from 'node:child_process';
import { Connection } from '@temporalio/client';
import { workerEnv, workerNodeArgs } from '@quarry/config';
import { WORKER_MAIN } from '@quarry/worker/entry';
import { inject } from 'vitest';

/**
 * Registers `namespace` on the test stack's Temporal server (idempotent) and waits until it
 * answers: jobs started there are seen only by workers of that namespace, so other test files'
 * jobs in `default` stay Pending as they expect.
 */
export async function ensureNamespace(namespace: string): Promise<void> {
  const connection = await Connection.connect({ address: inject('stack').temporalAddress });
  try {
    // protobufjs takes a plain number for the int64 `seconds` (its typings ask for a Long).
    const request = { namespace, workflowExecutionRetentionPeriod: { seconds: 24 * 3600 } };
    await connection.workflowService
      .registerNamespace(request as unknown as Parameters<typeof connection.workflowService.registerNamespace>[0])
      .catch((err: unknown) => {
        if (!/already exists/i.test(String(err))) throw err;
      });
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        await connection.workflowService.describeNamespace({ namespace });
        return;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } finally {
    await connection.close();
  }
}

/** The built worker (`@quarry/worker/main`) as its own process on the test stack, ready to poll. */
export async function startWorkerProcess(namespace: string): Promise<ChildProcess> {
  const stack = inject('stack');
  const child = spawn(process.execPath, [...workerNodeArgs(), WORKER_MAIN], {
    env: workerEnv({
      ...process.env,
      DATABASE_URL: stack.databaseUrl,
      TEMPORAL_ADDRESS: stack.temporalAddress,
      TEMPORAL_NAMESPACE: namespace,
      QUARRY_MASTER_KEY: stack.masterKey,
      QUARRY_DATA_DIR: stack.dataDir,
      BLOB_DIR: stack.blobDir,
      LOG_LEVEL: 'info',
    }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error('the worker did not get ready within 120 s')), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      seen = (seen + chunk.toString('utf8')).slice(-4096);
      if (seen.includes('worker ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited with ${code} before it was ready`));
    });
  });
  return child;
}
