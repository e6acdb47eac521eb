// Throughput of quarry-evtx against evtx_dump (Rust) and evtxexport (libevtx), side by side on
// the same files: the largest sample and a concatenation of every sample's chunks.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, readdirSync, statSync, writeSync } from 'node:fs';
import { availableParallelism, homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';

const SHARED = process.env.QUARRY_SHARED ?? fileURLToPath(new URL('../../../../shared/', import.meta.url));
const SAMPLES = join(SHARED, 'samples', 'evtx');
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CORES = availableParallelism();

function findTool(name: string): string | undefined {
  for (const p of [join(homedir(), '.cargo', 'bin', name), ...(process.env.PATH ?? '').split(':').map((d) => join(d, name))]) {
    if (existsSync(p)) return p;
  }
  return undefined;
}

function evtxFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.toLowerCase().endsWith('.evtx'))
    .map((f) => join(dir, f))
    .sort();
}

/** One EVTX file made of every whole chunk of every sample, behind a fresh file header. */
function concatenation(files: string[]): string {
  const out = join(tmpdir(), 'quarry-evtx-bench-concat.evtx');
  const fd = openSync(out, 'w');
  let header: Buffer | undefined;
  let chunks = 0;
  writeSync(fd, Buffer.alloc(4096));
  for (const f of files) {
    const buf = readFileSync(f);
    header ??= Buffer.from(buf.subarray(0, 4096));
    for (let p = 4096; p + 65536 <= buf.length; p += 65536) {
      if (buf.toString('latin1', p, p + 8) !== 'ElfChnk\0') continue;
      writeSync(fd, buf, p, 65536);
      chunks++;
    }
  }
  header!.writeBigUInt64LE(0n, 8);
  header!.writeBigUInt64LE(BigInt(chunks - 1), 16);
  header!.writeUInt16LE(Math.min(chunks, 0xffff), 42);
  header!.writeUInt32LE(0, 120);
  header!.writeUInt32LE(crc32(header!.subarray(0, 120)) >>> 0, 124);
  writeSync(fd, header!, 0, 4096, 0);
  closeSync(fd);
  return out;
}

interface Timing {
  /** Best wall time of the runs, seconds. */
  wall: number;
  /** Least user + system CPU time of the runs, seconds (less disturbed by a busy machine). */
  cpu: number;
  /** Largest peak resident set of the runs, KiB (0 when /usr/bin/time is missing). */
  rssKb: number;
}

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/** Runs `cmd` RUNS times, output discarded, under /usr/bin/time for CPU time and peak RSS. */
function time(cmd: string, args: string[]): Timing {
  const out = join(tmpdir(), 'quarry-evtx-bench-time.txt');
  const t: Timing = { wall: Infinity, cpu: Infinity, rssKb: 0 };
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const r = TIME
      ? spawnSync(TIME, ['-o', out, '-f', '%U %S %M', cmd, ...args], { stdio: ['ignore', 'ignore', 'ignore'] })
      : spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'ignore'] });
    t.wall = Math.min(t.wall, (performance.now() - t0) / 1000);
    if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}`);
    if (TIME) {
      const [user, sys, rss] = readFileSync(out, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
      t.cpu = Math.min(t.cpu, user! + sys!);
      t.rssKb = Math.max(t.rssKb, rss!);
    }
  }
  return t;
}

function countRecords(file: string): number {
  const r = spawnSync('node', [CLI, 'dump', file], { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] });
  return r.stdout.split('\n').length - 1;
}

function main(): void {
  if (!existsSync(SAMPLES)) {
    console.log(`bench skipped: no samples at ${SAMPLES}`);
    return;
  }
  const files = evtxFiles(SAMPLES);
  const largest = files.reduce((a, b) => (statSync(a).size >= statSync(b).size ? a : b));
  const targets = [largest, concatenation(files)];
  const evtxDump = findTool('evtx_dump');
  const evtxexport = findTool('evtxexport');
  console.log(`cores: ${CORES}, best of ${RUNS} runs (wall: best, cpu: least, RSS: largest), output to /dev/null`);
  if (!evtxDump) console.log('evtx_dump missing (cargo install evtx --locked): its rows are skipped');
  if (!evtxexport) console.log('evtxexport missing (apt-get install libevtx-utils): its rows are skipped');
  for (const file of targets) {
    const mb = statSync(file).size / 2 ** 20;
    const records = countRecords(file);
    console.log(`\n${file.slice(file.lastIndexOf('/') + 1)}: ${mb.toFixed(1)} MiB, ${records} records`);
    const rows: [string, Timing][] = [];
    const jsonl = (threads: number): Timing => time('node', [CLI, 'dump', file, '--format', 'jsonl', '--threads', String(threads)]);
    rows.push(['quarry-evtx jsonl, 1 thread', jsonl(1)]);
    rows.push([`quarry-evtx jsonl, ${CORES} threads`, jsonl(CORES)]);
    rows.push(['quarry-evtx xml, 1 thread', time('node', [CLI, 'dump', file, '--format', 'xml'])]);
    if (evtxDump) {
      rows.push(['evtx_dump jsonl, -t 1', time(evtxDump, ['-o', 'jsonl', '-t', '1', file])]);
      rows.push(['evtx_dump jsonl, default threads', time(evtxDump, ['-o', 'jsonl', file])]);
      rows.push(['evtx_dump xml, -t 1', time(evtxDump, ['-o', 'xml', '-t', '1', file])]);
    }
    if (evtxexport) rows.push(['evtxexport (libevtx) text', time(evtxexport, [file])]);
    console.log(`  ${'tool'.padEnd(34)} ${'wall s'.padStart(7)} ${'cpu s'.padStart(7)} ${'MiB/s'.padStart(7)} ${'rec/s'.padStart(8)} ${'RSS MiB'.padStart(8)}`);
    for (const [name, t] of rows) {
      console.log(
        `  ${name.padEnd(34)} ${t.wall.toFixed(3).padStart(7)} ${t.cpu.toFixed(3).padStart(7)} ${(mb / t.wall).toFixed(1).padStart(7)} ${Math.round(records / t.wall).toString().padStart(8)} ${(t.rssKb / 1024).toFixed(0).padStart(8)}`,
      );
    }
    const ours = rows[0]![1];
    const ratio = (name: string, other: Timing | undefined): void => {
      if (other) console.log(`  ours (1 thread) / ${name}: wall ${(ours.wall / other.wall).toFixed(1)}x, cpu ${(ours.cpu / other.cpu).toFixed(1)}x`);
    };
    ratio('evtx_dump -t 1', rows.find(([n]) => n === 'evtx_dump jsonl, -t 1')?.[1]);
    ratio('evtxexport', rows.find(([n]) => n.startsWith('evtxexport'))?.[1]);
  }
}

main();
