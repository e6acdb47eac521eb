/**
 * npm run bench:registry — keys+values per second on the largest hive of the corpus, ours and the
 * reference tools side by side in the same run. Each tool's rate is computed from what it actually
 * printed (a tool that gives up part-way is not credited with keys it never read).
 *
 * BENCH_HIVE=path overrides the hive; BENCH_RUNS (default 3) sets runs per tool (best is kept);
 * BENCH_REGIPY_TIMEOUT (seconds, default 120) bounds the regipy run, which is slow.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Hive } from '../src/index.js';

const SHARED = process.env.QUARRY_SHARED ?? fileURLToPath(new URL('../../../../shared/', import.meta.url));
const HIVE = process.env.BENCH_HIVE ?? `${SHARED}samples/registry/regipy/SYSTEM_B`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REGIPY_TIMEOUT_S = Number(process.env.BENCH_REGIPY_TIMEOUT ?? 120);
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const REGIPY_WALK = fileURLToPath(new URL('./regipy_walk.py', import.meta.url));

interface Result {
  tool: string;
  seconds: number;
  items: number;
  note: string;
}

/** Runs a command, counting output lines that match; resolves with time and count (null when the tool is missing). */
function timed(cmd: string, args: string[], count: (line: string) => number, timeoutS = 600): Promise<{ seconds: number; items: number; timedOut: boolean } | null> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let items = 0;
    let rest = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutS * 1000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const l of lines) items += count(l);
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on('close', () => {
      clearTimeout(timer);
      items += count(rest);
      resolve({ seconds: (performance.now() - started) / 1000, items, timedOut });
    });
  });
}

function hasTool(name: string): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => existsSync(`${dir}/${name}`));
}

async function best(tool: string, runs: number, once: () => Promise<{ seconds: number; items: number; timedOut?: boolean } | null>): Promise<Result | null> {
  let top: Result | null = null;
  for (let i = 0; i < runs; i++) {
    const r = await once();
    if (!r) return null;
    const note = r.timedOut ? `stopped after ${r.seconds.toFixed(0)} s` : '';
    if (!top || r.items / r.seconds > top.items / top.seconds) top = { tool, seconds: r.seconds, items: r.items, note };
    if (r.timedOut) break;
  }
  return top;
}

async function main(): Promise<void> {
  if (!existsSync(HIVE)) {
    console.error(`bench: hive not found: ${HIVE} (set QUARRY_SHARED or BENCH_HIVE)`);
    process.exitCode = 1;
    return;
  }
  const results: Result[] = [];
  const api = await best('quarry (API: open + walk, in-process)', RUNS, async () => {
    const started = performance.now();
    const hive = new Hive(await readFile(HIVE));
    let items = 0;
    for (const k of hive.walk()) items += 1 + k.values.length;
    return { seconds: (performance.now() - started) / 1000, items };
  });
  if (api) results.push(api);
  if (existsSync(CLI)) {
    const r = await best('quarry-reg dump --no-deleted (CLI, JSONL)', RUNS, () =>
      timed(process.execPath, [CLI, 'dump', HIVE, '--no-deleted'], (l) => {
        if (!l) return 0;
        return 1 + (JSON.parse(l) as { values: unknown[] }).values.length;
      }),
    );
    if (r) results.push(r);
  }
  const regf = await best('regfexport (libregf)', RUNS, () => timed('regfexport', [HIVE], (l) => (l.startsWith('Key path: ') || l.startsWith('Value: ') ? 1 : 0)));
  results.push(regf ?? { tool: 'regfexport (libregf)', seconds: 0, items: 0, note: 'not installed' });
  // hivexml opens its output by name, which fails on a socket; a shell pipe gives it a real pipe.
  const hivex = hasTool('hivexml')
    ? await best('hivexml (hivex)', RUNS, () => timed('sh', ['-c', 'hivexml "$1" | cat', 'sh', HIVE], (l) => (l.match(/<(node|value)[ >]/g) ?? []).length))
    : null;
  results.push(hivex ?? { tool: 'hivexml (hivex)', seconds: 0, items: 0, note: 'not installed' });
  const regipy = await best('regipy (Python)', 1, () => timed('python3', [REGIPY_WALK, HIVE], (l) => (l.startsWith('k ') || l.startsWith('v ') ? Number(l.slice(2)) : 0), REGIPY_TIMEOUT_S));
  results.push(regipy ?? { tool: 'regipy (Python)', seconds: 0, items: 0, note: 'not installed' });

  const ours = results[0]!;
  const oursRate = ours.items / ours.seconds;
  console.log(`hive: ${HIVE}`);
  console.log(`${'tool'.padEnd(44)} ${'items'.padStart(8)} ${'seconds'.padStart(8)} ${'items/s'.padStart(10)}  ours ÷ tool`);
  for (const r of results) {
    const rate = r.seconds > 0 ? r.items / r.seconds : 0;
    const ratio = rate > 0 ? `${(oursRate / rate).toFixed(2)}x` : '-';
    console.log(`${r.tool.padEnd(44)} ${String(r.items).padStart(8)} ${r.seconds.toFixed(3).padStart(8)} ${rate.toFixed(0).padStart(10)}  ${ratio}${r.note ? `  (${r.note})` : ''}`);
  }
}

void main();
