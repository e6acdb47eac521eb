import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { afterAll, describe, expect, test } from 'vitest';
import { createLogger } from '@quarry/config';
import { freePort, startTemporal } from '../src/index.js';

const log = createLogger('devstack-test', { level: 'warn' });
const dataDir = mkdtempSync(join(tmpdir(), 'quarry-priority-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
Runtime.install({
  logger: { log: () => undefined, trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
});

describe('the dev server honours task priority', () => {
  // Without the dynamic config this order comes out FIFO (low-0 high-0 low-1 ...): measured, see README.
  test('a backlog of low- then high-priority workflows is served high first, FIFO within a priority', { timeout: 600_000 }, async () => {
    const server = await startTemporal({ dataDir, port: await freePort(), uiPort: await freePort(), log });
    const connection = await Connection.connect({ address: server.address });
    const native = await NativeConnection.connect({ address: server.address });
    try {
      const client = new Client({ connection });
      const taskQueue = 'priority-test';
      const ids: string[] = [];
      // Interleaved so that arrival order alone would alternate low and high.
      for (let i = 0; i < 4; i++) {
        for (const [name, priorityKey] of [
          ['low', 5],
          ['high', 1],
        ] as const) {
          const id = `${name}-${i}`;
          await client.workflow.start('recordName', { taskQueue, workflowId: id, args: [id], priority: { priorityKey } });
          ids.push(id);
        }
      }
      const order: string[] = [];
      const worker = await Worker.create({
        connection: native,
        taskQueue,
        workflowsPath: fileURLToPath(new URL('./fixtures/priority-workflows.ts', import.meta.url)),
        activities: { record: async (name: string) => void order.push(name) },
        // One workflow task at a time (allowed with the cache off): with two, two workflows of one
        // priority raced to schedule their activities and FIFO within it came out swapped at times.
        maxConcurrentWorkflowTaskExecutions: 1,
        maxConcurrentActivityTaskExecutions: 1,
        maxCachedWorkflows: 0,
      });
      await worker.runUntil(Promise.all(ids.map((id) => client.workflow.getHandle(id).result())));
      expect(order).toEqual(['high-0', 'high-1', 'high-2', 'high-3', 'low-0', 'low-1', 'low-2', 'low-3']);
    } finally {
      await native.close();
      await connection.close();
      await server.stop();
    }
  });
});
