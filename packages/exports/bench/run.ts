/**
 * npm run bench:export [-- --skip-big] [-- --service [--service-only]]: export throughput of EVTX records to JSONL and to ECS
 * (bulk NDJSON), beside `evtx_dump -o jsonl -t 1` (the Rust evtx crate, one thread, as ours) on
 * the same files: the samples' EVTX files, then a just-under-1-GiB set of valid EVTX files built
 * from their chunks (as bench:jobs builds its big job; deleted afterwards).
 *
 * Each run is its own process under GNU time (wall, user + system CPU, peak RSS); ours parse with
 * @quarry/evtx and stream through the writer into a counting sink (bench/export-one.ts), which
 * also reports its RSS after start-up: the growth is what the export itself holds. evtx_dump's
 * output goes to `wc -lc` (lines = records). Figures: records/s and input MiB/s per wall second,
 * output MiB/s, and ours ÷ evtx_dump per CPU second (the machine is shared: CPU time is steadier).
 *
 * --service: the 1 GiB set also as one job of the running service, exported through REST as
 * JSONL and ECS (bench/service-export.ts); the REST server's RSS before, peak and growth (the
 * issue's bound: growth under 128 MiB), its throughput beside evtx_dump's on the same files.
 * A third export is read by a slow client (one chunk per 100 ms for 10 s, then it goes away):
 * without backpressure the server would buffer what the client has not read, and its RSS would say so.
 * --service-only: of the in-process runs, only evtx_dump on the set (quicker).
 * --service --skip-big: the service section over the samples instead (a quick check).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findTool, hasShared, sharedPath, sharedSkipReason } from '@quarry/testkit';
import { buildBigEvtx } from '../../rest-compat/bench/jobs/evtx-big.js';
import { serviceExports } from './service-export.js';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const ONE = fileURLToPath(new URL('./export-one.ts', import.meta.url));
const GNU_TIME = '/usr/bin/time';
const SERVICE_ONLY = process.argv.includes('--service-only');
const SERVICE = SERVICE_ONLY || process.argv.includes('--service');
/** The issue's bound on the exporting process's RSS growth. */
const GROWTH_BOUND = 128 * MiB;
const SKIP_BIG = process.argv.includes('--skip-big');
const SLOW_READ = { seconds: 10, delayMs: 100 };

if (!hasShared('samples', 'evtx')) {
  console.error(sharedSkipReason('samples', 'evtx'));
  process.exit(1);
}

function evtxFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? evtxFiles(p) : n.toLowerCase().endsWith('.evtx') ? [p] : [];
    });
}

interface Run {
  label: string;
  records: number;
  outBytes: number;
  wall: number;
  cpu: number;
  peakRss: number;
  growth?: number;
}

/** `args` under GNU time; its last stderr line holds "wall user sys maxKiB". */
function timed(args: string[]): { stdout: string; wall: number; cpu: number; peakRss: number } {
  const r = spawnSync(GNU_TIME, ['-f', '%e %U %S %M', ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}): ${r.stderr.slice(-2000)}`);
  const [wall, user, sys, kib] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return { stdout: r.stdout, wall: wall!, cpu: user! + sys!, peakRss: kib! * 1024 };
}

function ours(format: 'jsonl' | 'ecs', files: string[]): Run {
  const t = timed([process.execPath, '--import', 'tsx', ONE, format, ...files]);
  const out = JSON.parse(t.stdout.trim().split('\n').pop()!) as { records: number; bytes: number; baselineRss: number; peakRss: number };
  return {
    label: `quarry ${format === 'jsonl' ? 'JSONL' : 'ECS bulk'}`,
    records: out.records,
    outBytes: out.bytes,
    wall: t.wall,
    cpu: t.cpu,
    peakRss: out.peakRss,
    growth: out.peakRss - out.baselineRss,
  };
}

function evtxDump(bin: string, files: string[]): Run {
  // One evtx_dump per file (it takes one), all into one wc: GNU time's peak RSS is the largest process's.
  const t = timed(['sh', '-c', `for f in "$@"; do "${bin}" -o jsonl -t 1 "$f" || exit 1; done | wc -lc`, 'sh', ...files]);
  const [lines, bytes] = t.stdout.trim().split(/\s+/).map(Number);
  return { label: 'evtx_dump -o jsonl -t 1', records: lines!, outBytes: bytes!, wall: t.wall, cpu: t.cpu, peakRss: t.peakRss };
}

/** Column widths after the label: each holds its header and a space. */
const WIDTHS = [12, 12, 10, 10, 11, 9, 8, 14, 16, 25];

const fmt = (n: number, d = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

function report(title: string, inBytes: number, files: number, runs: Run[]): void {
  console.log(`\n${title}: ${files} files, ${fmt(inBytes / MiB, 1)} MiB of EVTX`);
  const ref = runs.find((r) => r.label.startsWith('evtx_dump'));
  console.log(
    ['', 'records', 'records/s', 'in MiB/s', 'out MiB', 'out MiB/s', 'wall s', 'CPU s', 'peak RSS MiB', 'RSS growth MiB', 'rec/CPU-s vs evtx_dump']
      .map((h, i) => (i === 0 ? h.padEnd(24) : h.padStart(WIDTHS[i - 1]!)))
      .join(''),
  );
  for (const r of runs) {
    const ratio = ref && r !== ref ? `${fmt(r.records / r.cpu / (ref.records / ref.cpu), 2)}×` : '';
    console.log(
      [
        r.label.padEnd(24),
        fmt(r.records),
        fmt(r.records / r.wall),
        fmt(inBytes / MiB / r.wall, 1),
        fmt(r.outBytes / MiB, 1),
        fmt(r.outBytes / MiB / r.wall, 1),
        fmt(r.wall, 1),
        fmt(r.cpu, 1),
        fmt(r.peakRss / MiB),
        r.growth === undefined ? '' : fmt(r.growth / MiB),
      ]
        .map((c, i) => (i === 0 ? c : c.padStart(WIDTHS[i - 1]!)))
        .join('') + ratio.padStart(WIDTHS[9]!),
    );
  }
}

function measureSet(title: string, files: string[]): Run | undefined {
  const bin = findTool('evtx_dump');
  const runs = SERVICE_ONLY ? [] : [ours('jsonl', files), ours('ecs', files)];
  if (bin) runs.push(evtxDump(bin, files));
  else console.log('evtx_dump missing (cargo install evtx --locked): its row is skipped');
  report(
    title,
    files.reduce((n, f) => n + statSync(f).size, 0),
    files.length,
    runs,
  );
  const jsonl = runs.find((r) => r.label === 'quarry JSONL');
  const ref = runs.find((r) => r.label.startsWith('evtx_dump'));
  if (jsonl && ref && ref.records !== jsonl.records) console.log(`note: evtx_dump wrote ${fmt(ref.records)} records, quarry ${fmt(jsonl.records)}`);
  if (jsonl && ref && ref.outBytes !== jsonl.outBytes)
    console.log(`note: JSONL sizes differ: evtx_dump ${fmt(ref.outBytes)} B, quarry ${fmt(jsonl.outBytes)} B`);
  return ref;
}

/** The service section: our rows carry the REST server's RSS and CPU; evtx_dump's are from the in-process section. */
async function measureService(title: string, files: string[], ref: Run | undefined): Promise<void> {
  const run = await serviceExports(files, ['jsonl', 'ecs'], sharedPath('rules', 'sigma', 'rules'), SLOW_READ);
  const rows: Run[] = run.exports
    .filter((e) => !e.slow)
    .map((e) => ({
      label: `service ${e.format === 'jsonl' ? 'JSONL' : 'ECS bulk'}`,
      records: e.records,
      outBytes: e.bytes,
      wall: e.seconds,
      cpu: e.cpuSeconds,
      peakRss: e.peakRss,
      growth: e.peakRss - e.rssBefore,
    }));
  report(
    `${title}, one job (${run.jobStatus} in ${fmt(run.jobSeconds, 1)} s) exported through REST; RSS and CPU: the REST server`,
    files.reduce((n, f) => n + statSync(f).size, 0),
    files.length,
    ref ? [...rows, ref] : rows,
  );
  for (const e of run.exports)
    console.log(
      `${e.slow ? `slow ${e.format} reader (one chunk per ${e.slow.delayMs} ms, left after ${fmt(e.seconds, 1)} s having read ${fmt(e.bytes / MiB, 1)} MiB; server CPU ${fmt(e.cpuSeconds, 2)} s)` : e.format}: REST server RSS before ${fmt(e.rssBefore / MiB)} MiB, peak ${fmt(e.peakRss / MiB)} MiB, growth ${fmt((e.peakRss - e.rssBefore) / MiB)} MiB (bound ${GROWTH_BOUND / MiB} MiB: ${e.peakRss - e.rssBefore < GROWTH_BOUND ? 'within' : 'EXCEEDED'})`,
    );
  const jsonl = rows.find((r) => r.label === 'service JSONL');
  if (jsonl)
    console.log(
      `note: the job holds ${fmt(run.jobRecords)} records; its JSONL export's lines are those and then its insight rows (${fmt(jsonl.records - run.jobRecords)})`,
    );
  if (ref && ref.records !== run.jobRecords) console.log(`note: evtx_dump wrote ${fmt(ref.records)} records, the job holds ${fmt(run.jobRecords)}`);
}

const samples = evtxFiles(sharedPath('samples', 'evtx'));
const sampleRef = SERVICE_ONLY && !SKIP_BIG ? undefined : measureSet('EVTX samples', samples);
if (SERVICE && SKIP_BIG) await measureService('EVTX samples', samples, sampleRef);

if (!SKIP_BIG) {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-bench-export-'));
  try {
    const big = buildBigEvtx(samples, dir, 5, GiB);
    const title = `EVTX 1 GiB set (built from the samples' ${fmt(big.distinctChunks)} valid chunks)`;
    const ref = measureSet(title, big.paths);
    if (SERVICE) await measureService(title, big.paths, ref);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
