/**
 * npm run bench:registry — keys+values per second on the largest hive of the corpus, ours and the
 * reference tools side by side in the same run. Runs are interleaved (one of each tool per round)
 * so machine load hits every tool alike. Wall and CPU time are each the best of BENCH_RUNS rounds,
 * with the median wall time beside the best and, as this machine's speed drifts, the CLI's speed
 * against each tool round by round (median ratio, rounds won); peak RSS is the largest seen. Our
 * CLI runs as users run it, through the dist/quarry-reg launcher (which starts node without
 * NODE_EXTRA_CA_CERTS, see scripts/cli-launcher.mjs); where that variable is set, a row with plain
 * `node dist/cli.js` shows what it costs. Each tool is credited only with what it printed (a tool
 * that gives up part-way is not credited with keys it never read). All tools read the hive as
 * stored: no logs.
 *
 * BENCH_HIVE=path overrides the hive; BENCH_RUNS (default 9) sets rounds; BENCH_REGIPY_TIMEOUT
 * (seconds, default 120) is where the single regipy run, which is slow, stops itself.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findTool } from '@quarry/testkit';
import { canMeasure, measure, type Measurement, type RunSpec } from './measure.js';

const SHARED = process.env.QUARRY_SHARED ?? fileURLToPath(new URL('../../../../shared/', import.meta.url));
const HIVE = process.env.BENCH_HIVE ?? `${SHARED}samples/registry/regipy/SYSTEM_B`;
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const REGIPY_TIMEOUT_S = Number(process.env.BENCH_REGIPY_TIMEOUT ?? 120);
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const LAUNCHER = fileURLToPath(new URL('../dist/quarry-reg', import.meta.url));
const REG_DUMP = findTool('reg_dump');
const HIVEXML = findTool('hivexml');
const REGFEXPORT = findTool('regfexport');
const API_WALK = fileURLToPath(new URL('./api-walk.ts', import.meta.url));
const REGIPY_WALK = fileURLToPath(new URL('./regipy_walk.py', import.meta.url));

interface Tool {
  name: string;
  /** Why it cannot run, or null. */
  missing: string | null;
  rounds: number;
  spec: () => RunSpec;
  /** The tool stops itself after this many seconds (regipy), so a run that long is partial. */
  deadlineS?: number;
  /** Replaces process-level figures with in-process ones (the API's own open + walk timing). */
  adjust?: (m: Measurement) => Measurement;
}

interface Best {
  items: number;
  /** Wall seconds of each round, in round order. */
  walls: number[];
  cpuSeconds: number;
  peakRssMb: number;
  note: string;
}

let apiInside = { seconds: 0, cpuSeconds: 0 };

const cliItems = (l: string): number => (l ? 1 + (JSON.parse(l) as { values: unknown[] }).values.length : 0);

const TOOLS: Tool[] = [
  {
    name: 'quarry API (open + walk, in-process)',
    missing: null,
    rounds: RUNS,
    // The walk runs in a fresh process each round, so the figure includes JIT warm-up, as a CLI user sees it.
    spec: () => ({
      cmd: process.execPath,
      args: () => [...process.execArgv, API_WALK, HIVE],
      countLine: (l) => {
        if (!l) return 0;
        const r = JSON.parse(l) as { items: number; seconds: number; cpuSeconds: number };
        apiInside = r;
        return r.items;
      },
    }),
    adjust: (m) => ({ ...m, seconds: apiInside.seconds, cpuSeconds: apiInside.cpuSeconds }),
  },
  {
    name: 'quarry-reg dump --no-deleted (CLI, JSONL)',
    missing: existsSync(LAUNCHER) ? null : 'not built (npm run build -w @quarry/registry)',
    rounds: RUNS,
    spec: () => ({ cmd: LAUNCHER, args: () => ['dump', HIVE, '--no-deleted'], countLine: cliItems }),
  },
  ...(process.env.NODE_EXTRA_CA_CERTS
    ? [
        {
          name: '  same, node dist/cli.js with NODE_EXTRA_CA_CERTS',
          missing: existsSync(CLI) ? null : 'not built (npm run build -w @quarry/registry)',
          rounds: RUNS,
          spec: (): RunSpec => ({ cmd: process.execPath, args: () => [CLI, 'dump', HIVE, '--no-deleted'], countLine: cliItems }),
        },
      ]
    : []),
  {
    name: 'notatin reg_dump -t jsonl -s (Rust)',
    missing: REG_DUMP ? null : 'not installed',
    rounds: RUNS,
    // reg_dump writes to a named file; -s keeps it from replaying the logs beside the hive.
    spec: () => ({
      cmd: REG_DUMP!,
      args: (scratch) => ['-i', HIVE, '-o', `${scratch}/notatin.jsonl`, '-t', 'jsonl', '-s'],
      outputFile: 'notatin.jsonl',
      countLine: (l) => (l ? 1 + (JSON.parse(l) as { sub_values: unknown[] }).sub_values.length : 0),
    }),
  },
  {
    name: 'hivexml (hivex, C)',
    missing: HIVEXML ? null : 'not installed',
    rounds: RUNS,
    spec: () => ({ cmd: HIVEXML!, args: () => [HIVE], countLine: (l) => (l.match(/<(node|value)[ >]/g) ?? []).length }),
  },
  {
    name: 'regfexport (libregf, C)',
    missing: REGFEXPORT ? null : 'not installed',
    rounds: RUNS,
    spec: () => ({ cmd: REGFEXPORT!, args: () => [HIVE], countLine: (l) => (l.startsWith('Key path: ') || l.startsWith('Value: ') ? 1 : 0) }),
  },
  {
    name: 'regipy (Python)',
    missing: null,
    rounds: 1,
    deadlineS: REGIPY_TIMEOUT_S,
    spec: () => ({
      cmd: 'python3',
      args: () => [REGIPY_WALK, HIVE, String(REGIPY_TIMEOUT_S)],
      countLine: (l) => (l.startsWith('k ') || l.startsWith('v ') ? Number(l.slice(2)) : 0),
      timeoutS: REGIPY_TIMEOUT_S + 60,
    }),
  },
];

function keepBest(prev: Best | undefined, m: Measurement, deadlineS = Infinity): Best {
  const note = m.timedOut || m.seconds >= deadlineS ? `stopped after ${m.seconds.toFixed(0)} s` : '';
  if (!prev) return { items: m.items, walls: [m.seconds], cpuSeconds: m.cpuSeconds, peakRssMb: m.peakRssMb, note };
  return {
    items: Math.max(prev.items, m.items),
    walls: [...prev.walls, m.seconds],
    cpuSeconds: Math.min(prev.cpuSeconds, m.cpuSeconds),
    peakRssMb: Math.max(prev.peakRssMb, m.peakRssMb),
    note: prev.note || note,
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

function ratio(ours: number, theirs: number): string {
  return ours > 0 && theirs > 0 ? `${(ours / theirs).toFixed(2)}x` : '-';
}

async function main(): Promise<void> {
  if (!existsSync(HIVE)) {
    console.error(`bench: hive not found: ${HIVE} (set QUARRY_SHARED or BENCH_HIVE)`);
    process.exitCode = 1;
    return;
  }
  if (!canMeasure()) {
    console.error('bench: /usr/bin/time (GNU time) is needed for CPU time and peak RSS');
    process.exitCode = 1;
    return;
  }
  const best = new Map<string, Best>();
  const notes = new Map<string, string>(TOOLS.filter((t) => t.missing).map((t) => [t.name, t.missing!]));
  for (let round = 0; round < RUNS; round++) {
    for (const tool of TOOLS) {
      if (tool.missing || round >= tool.rounds || notes.has(tool.name)) continue;
      const m = await measure(tool.spec());
      if (!m) notes.set(tool.name, 'not installed');
      else best.set(tool.name, keepBest(best.get(tool.name), tool.adjust ? tool.adjust(m) : m, tool.deadlineS));
    }
  }

  const rate = (b: Best | undefined, by: 'seconds' | 'cpuSeconds' | 'median'): number => {
    const s = b === undefined ? 0 : by === 'median' ? median(b.walls) : by === 'seconds' ? Math.min(...b.walls) : b.cpuSeconds;
    return b && s > 0 ? b.items / s : 0;
  };
  const api = best.get(TOOLS[0]!.name);
  const cli = best.get(TOOLS[1]!.name);
  console.log(`hive: ${HIVE}`);
  console.log(`rounds: ${RUNS} (best and median wall, best CPU time of each tool; peak RSS is the largest seen)`);
  console.log(
    `${'tool'.padEnd(50)} ${'items'.padStart(7)} ${'wall s'.padStart(7)} ${'med s'.padStart(7)} ${'CPU s'.padStart(7)} ${'RSS MB'.padStart(7)} ${'items/s'.padStart(8)} ${'items/CPU-s'.padStart(11)}  ${'API÷tool'.padStart(8)}  ${'CLI÷tool wall / median / CPU'}`,
  );
  for (const tool of TOOLS) {
    const b = best.get(tool.name);
    const note = notes.get(tool.name) ?? b?.note ?? '';
    if (!b) {
      console.log(`${tool.name.padEnd(50)} ${'-'.padStart(7)}  (${note})`);
      continue;
    }
    console.log(
      `${tool.name.padEnd(50)} ${String(b.items).padStart(7)} ${Math.min(...b.walls)
        .toFixed(3)
        .padStart(
          7,
        )} ${median(b.walls).toFixed(3).padStart(7)} ${b.cpuSeconds.toFixed(3).padStart(7)} ${b.peakRssMb.toFixed(0).padStart(7)} ${rate(b, 'seconds').toFixed(0).padStart(8)} ${rate(b, 'cpuSeconds').toFixed(0).padStart(11)}  ${ratio(rate(api, 'seconds'), rate(b, 'seconds')).padStart(8)}  ${ratio(rate(cli, 'seconds'), rate(b, 'seconds'))} / ${ratio(rate(cli, 'median'), rate(b, 'median'))} / ${ratio(rate(cli, 'cpuSeconds'), rate(b, 'cpuSeconds'))}${note ? `  (${note})` : ''}`,
    );
  }
  console.log('API figures are open + walk inside the process; RSS and every other row are whole processes (node startup included).');
  if (cli) {
    console.log('CLI against each tool, round by round (same round, so the same machine state):');
    for (const tool of TOOLS.slice(2)) {
      const b = best.get(tool.name);
      if (!b || b.walls.length !== cli.walls.length) continue;
      const perRound = b.walls.map((w, i) => w / cli.walls[i]!);
      const won = perRound.filter((r) => r > 1).length;
      console.log(`  ${tool.name.trim().padEnd(48)} median ${median(perRound).toFixed(2)}x its speed, faster in ${won} of ${perRound.length} rounds`);
    }
  }
}

void main();
