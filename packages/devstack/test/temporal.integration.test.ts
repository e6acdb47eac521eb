import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { afterAll, describe, expect, test } from 'vitest';
import { createLogger } from '@quarry/config';
import { freePort, startTemporal } from '../src/index.js';

const log = createLogger('devstack-test', { level: 'warn' });
const dataDir = mkdtempSync(join(tmpdir(), 'quarry-temporal-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function reachable(address: string): Promise<boolean> {
  try {
    const connection = await Connection.connect({ address, connectTimeout: 1_000 });
    await connection.close();
    return true;
  } catch {
    return false;
  }
}

describe('startTemporal', () => {
  test('serves the frontend and Web UI, is reused while running, and keeps workflows across restarts', { timeout: 600_000 }, async () => {
    const [port, uiPort] = [await freePort(), await freePort()];
    const first = await startTemporal({ dataDir, port, uiPort, namespace: 'quarry-test', log });
    const workflowId = `persist-${Date.now()}`;
    try {
      expect(first).toMatchObject({ address: `127.0.0.1:${port}`, uiUrl: `http://127.0.0.1:${uiPort}`, reused: false });
      expect(existsSync(join(dataDir, 'temporal', 'temporal.db'))).toBe(true);
      const connection = await Connection.connect({ address: first.address });
      try {
        const info = await connection.workflowService.getSystemInfo({});
        expect(info.serverVersion).toMatch(/^1\.\d+\.\d+/);
        // No worker needed: the workflow just waits on its task queue.
        const client = new Client({ connection, namespace: 'quarry-test' });
        await client.workflow.start('neverRuns', { taskQueue: 'nobody-polls', workflowId, args: [] });
      } finally {
        await connection.close();
      }
      expect((await fetch(first.uiUrl)).status).toBe(200);

      const second = await startTemporal({ dataDir, log });
      expect(second).toMatchObject({ reused: true, address: first.address, uiUrl: first.uiUrl });
      await second.stop();
      expect(await reachable(first.address)).toBe(true);
    } finally {
      await first.stop();
    }
    expect(await reachable(first.address)).toBe(false);

    const again = await startTemporal({ dataDir, port: await freePort(), uiPort: await freePort(), namespace: 'quarry-test', log });
    try {
      expect(again.reused).toBe(false);
      const connection = await Connection.connect({ address: again.address });
      try {
        const client = new Client({ connection, namespace: 'quarry-test' });
        const description = await client.workflow.getHandle(workflowId).describe();
        expect(description.status.name).toBe('RUNNING');
        expect(description.type).toBe('neverRuns');
      } finally {
        await connection.close();
      }
    } finally {
      await again.stop();
    }
  });
});
