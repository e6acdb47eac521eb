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

/** Best wall time in seconds of `runs` runs, output discarded. */
function time(cmd: string, args: string[]): number {
  let best = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'ignore'] });
    const t = (performance.now() - t0) / 1000;
    if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}`);
    best = Math.min(best, t);
  }
  return best;
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
  console.log(`cores: ${CORES}, best of ${RUNS} runs, JSON lines to /dev/null`);
  if (!evtxDump) console.log('evtx_dump missing (cargo install evtx --locked): its rows are skipped');
  if (!evtxexport) console.log('evtxexport missing (apt-get install libevtx-utils): its rows are skipped');
  for (const file of targets) {
    const mb = statSync(file).size / 2 ** 20;
    const records = countRecords(file);
    console.log(`\n${file.slice(file.lastIndexOf('/') + 1)}: ${mb.toFixed(1)} MiB, ${records} records`);
    const rows: [string, number][] = [];
    rows.push(['quarry-evtx jsonl, 1 thread', time('node', [CLI, 'dump', file, '--format', 'jsonl'])]);
    rows.push([`quarry-evtx jsonl, ${CORES} threads`, time('node', [CLI, 'dump', file, '--format', 'jsonl', '--threads', String(CORES)])]);
    rows.push(['quarry-evtx xml, 1 thread', time('node', [CLI, 'dump', file, '--format', 'xml'])]);
    if (evtxDump) {
      rows.push(['evtx_dump jsonl, 1 thread', time(evtxDump, ['-o', 'jsonl', '-t', '1', file])]);
      rows.push([`evtx_dump jsonl, ${CORES} threads`, time(evtxDump, ['-o', 'jsonl', '-t', String(CORES), file])]);
      rows.push(['evtx_dump xml, 1 thread', time(evtxDump, ['-o', 'xml', '-t', '1', file])]);
    }
    if (evtxexport) rows.push(['evtxexport (libevtx) text', time(evtxexport, [file])]);
    const ours = rows[0]![1];
    for (const [name, t] of rows) {
      console.log(
        `  ${name.padEnd(34)} ${t.toFixed(3).padStart(7)} s  ${(mb / t).toFixed(1).padStart(7)} MiB/s  ${Math.round(records / t).toString().padStart(8)} rec/s  ours(1t)/this ${(t / ours).toFixed(2)}x`,
      );
    }
  }
}

main();
