import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { startPostgres } from '../src/index.js';
import { readPostmaster } from '../src/postmaster-pid.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'quarry-pg-recovery-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Starts the cluster from another Node process (the compiled package), which then dies by SIGKILL. */
function startInDoomedProcess(): Promise<string> {
  const script = `
    import { startPostgres } from '@quarry/devstack';
    const { url } = await startPostgres({ dataDir: ${JSON.stringify(dataDir)} });
    process.stdout.write(url + '\\n', () => process.kill(process.pid, 'SIGKILL'));
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: packageDir, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  return new Promise((resolve, reject) =>
    child.once('exit', (_code, signal) => (signal === 'SIGKILL' && out.trim() ? resolve(out.trim()) : reject(new Error(`child ended ${signal}: ${out}`)))),
  );
}

async function waitGone(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('startPostgres after crashes', () => {
  test('reuses a cluster left by a dead process, and restarts one whose postmaster was killed', async () => {
    const url = await startInDoomedProcess();
    await query(url, "create table crash (v text); insert into crash values ('survived')");

    // Its owner died without stopping it: we reuse it as another process of ours (the admin CLI does).
    const adopted = await startPostgres({ dataDir });
    expect(adopted).toMatchObject({ reused: true, url });

    // Now the server itself crashes; postmaster.pid stays behind with a dead pid.
    const postmaster = readPostmaster(join(dataDir, 'pg'));
    expect(postmaster).toBeDefined();
    process.kill(postmaster!.pid, 'SIGKILL');
    await waitGone(postmaster!.pid);

    const restarted = await startPostgres({ dataDir });
    try {
      expect(restarted.reused).toBe(false);
      expect(await query(restarted.url, 'select v from crash')).toEqual([{ v: 'survived' }]);
    } finally {
      await restarted.stop();
    }
  });

  test('restarts while a backend of the killed postmaster still holds the shared memory', async () => {
    const first = await startPostgres({ dataDir });
    // A backend busy in a long query notices its postmaster's death only when the query ends.
    const busy = new pg.Client({ connectionString: first.url });
    busy.on('error', () => undefined);
    await busy.connect();
    const running = busy.query('select count(*) from generate_series(1, 40000000)').catch(() => undefined);
    await new Promise((r) => setTimeout(r, 500));
    const postmaster = readPostmaster(join(dataDir, 'pg'))!;
    process.kill(postmaster.pid, 'SIGKILL');
    await waitGone(postmaster.pid);

    const restarted = await startPostgres({ dataDir });
    try {
      expect(await query(restarted.url, 'select v from crash')).toEqual([{ v: 'survived' }]);
    } finally {
      await restarted.stop();
      await running;
      await busy.end().catch(() => undefined);
    }
  });
});
