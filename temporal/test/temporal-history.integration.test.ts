import { randomBytes } from 'node:crypto';
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from '@quarry/config';
import { freePort, startTemporal } from '@quarry/devstack';
import { Client, Connection, WorkflowFailedError } from '@temporalio/client';
import proto from '@temporalio/proto';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import type { DataConverter } from '@temporalio/common';
import { expect, test } from 'vitest';
import { newDataKey } from '@quarry/crypto';
import { dataConverterFor } from '../src/index.js';
import * as activities from './fixtures/activities.js';

const { History } = proto.temporal.api.history.v1;
// The SDK's per-state INFO lines would drown the test output; the runtime is per process.
Runtime.install({ logger: new DefaultLogger('WARN') });
const workflowsPath = fileURLToPath(new URL('./fixtures/workflows.ts', import.meta.url));

async function filesContaining(dir: string, needle: Buffer): Promise<string[]> {
  const hits: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if ((await readFile(path)).includes(needle)) hits.push(path);
  }
  return hits;
}

/** Runs the three fixture workflows with `dataConverter`; returns their encoded histories. */
async function runAll(address: string, dataConverter: DataConverter | undefined, secret: string): Promise<Buffer> {
  const taskQueue = `temporal-test-${randomBytes(4).toString('hex')}`;
  const connection = await NativeConnection.connect({ address });
  const clientConnection = await Connection.connect({ address });
  const client = new Client({ connection: clientConnection, ...(dataConverter ? { dataConverter } : {}) });
  const worker = await Worker.create({
    connection,
    taskQueue,
    workflowsPath,
    activities,
    ...(dataConverter ? { dataConverter } : {}),
    bundlerOptions: { webpackConfigHook: (c) => ({ ...c, infrastructureLogging: { level: 'none' } }) },
  });
  const histories: Buffer[] = [];
  try {
    await worker.runUntil(async () => {
      const id = (name: string) => `${name}-${taskQueue}`;
      expect(await client.workflow.execute('secretWorkflow', { taskQueue, workflowId: id('ok'), args: [{ secret }] })).toBe(`activity saw ${secret}`);
      const failed = await client.workflow.execute('failingWorkflow', { taskQueue, workflowId: id('fail'), args: [secret] }).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(WorkflowFailedError);
      expect((failed as WorkflowFailedError).cause?.message).toBe(`cannot open ${secret}`);
      const activityFailed = await client.workflow
        .execute('failingActivityWorkflow', { taskQueue, workflowId: id('activity'), args: [secret] })
        .catch((e: unknown) => e);
      expect(((activityFailed as WorkflowFailedError).cause?.cause as Error | undefined)?.message).toBe(`activity could not use ${secret}`);
      for (const name of ['ok', 'fail', 'activity']) {
        const history = await client.workflow.getHandle(id(name)).fetchHistory();
        histories.push(Buffer.from(History.encode(history).finish()));
      }
    });
  } finally {
    await clientConnection.close();
    await connection.close();
  }
  return Buffer.concat(histories);
}

test('with dataConverterFor no secret reaches Temporal history or its database; without it, it does', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'quarry-temporal-history-'));
  const log = createLogger('temporal-test', { level: 'warn' });
  const temporal = await startTemporal({ dataDir, port: await freePort(), uiPort: await freePort(), log });
  const secret = `SECRET-${randomBytes(12).toString('hex')}`;
  const control = `CONTROL-${randomBytes(12).toString('hex')}`;
  try {
    const masterKey = newDataKey();
    const encrypted = await runAll(temporal.address, dataConverterFor(masterKey), secret);
    expect(encrypted.includes(secret)).toBe(false);
    expect(encrypted.includes('binary/encrypted')).toBe(true);
    // The same workflows without the converter put the value in clear: the scans can see it.
    const plain = await runAll(temporal.address, undefined, control);
    expect(plain.includes(control)).toBe(true);
  } finally {
    await temporal.stop();
  }
  const dbDir = join(dataDir, 'temporal');
  expect(await filesContaining(dbDir, Buffer.from(control))).not.toEqual([]);
  expect(await filesContaining(dbDir, Buffer.from(secret))).toEqual([]);
  await rm(dataDir, { recursive: true, force: true });
}, 300_000);
