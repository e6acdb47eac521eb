/**
 * Start-up figures of the local stack: cold (initdb / fresh SQLite), warm (same data dir),
 * reuse (a second caller while running), and stop. `npm run bench -w @quarry/devstack`;
 * ROUNDS=n for more rounds. There is no reference tool to compare with; the figures are ours.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@quarry/config';
import { freePort, startPostgres, startTemporal } from '../src/index.js';

const log = createLogger('bench', { level: 'warn' });
const rounds = Number(process.argv[2] ?? 3);

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const value = await fn();
  return [value, performance.now() - t];
}

const rows: Record<string, number[]> = {};
const record = (name: string, ms: number): void => void (rows[name] ??= []).push(ms);

for (let round = 0; round < rounds; round++) {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-bench-'));
  chmodSync(dir, 0o711); // as root, the postgres user must pass through
  try {
    for (const durable of [true, false]) {
      const label = durable ? 'durable' : 'ephemeral';
      const dataDir = join(dir, label);
      const [cold, coldMs] = await timed(() => startPostgres({ dataDir, ephemeral: !durable }));
      record(`postgres ${label} cold (initdb + start)`, coldMs);
      record(`postgres ${label} reuse while running`, (await timed(() => startPostgres({ dataDir })))[1]);
      record(`postgres ${label} stop`, (await timed(() => cold.stop()))[1]);
      const [warm, warmMs] = await timed(() => startPostgres({ dataDir, ephemeral: !durable }));
      record(`postgres ${label} warm start`, warmMs);
      await warm.stop();
    }
    const tdir = join(dir, 'temporal');
    const [cold, coldMs] = await timed(async () => startTemporal({ dataDir: tdir, port: await freePort(), uiPort: await freePort(), log }));
    record('temporal cold (new SQLite)', coldMs);
    record('temporal reuse while running', (await timed(() => startTemporal({ dataDir: tdir, log })))[1]);
    record('temporal stop', (await timed(() => cold.stop()))[1]);
    const [warm, warmMs] = await timed(async () => startTemporal({ dataDir: tdir, port: await freePort(), uiPort: await freePort(), log }));
    record('temporal warm start', warmMs);
    await warm.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
console.log(`rounds: ${rounds}`);
console.log('step'.padEnd(42), 'median ms'.padStart(10), 'min ms'.padStart(8), 'max ms'.padStart(8));
for (const [name, xs] of Object.entries(rows)) {
  console.log(
    name.padEnd(42),
    median(xs).toFixed(0).padStart(10),
    Math.min(...xs)
      .toFixed(0)
      .padStart(8),
    Math.max(...xs)
      .toFixed(0)
      .padStart(8),
  );
}
