// Throughput of quarry-evtx against evtx_dump (Rust) and evtxexport (libevtx), side by side on
// the same files: the largest sample, a concatenation of every sample's chunks, and that
// concatenation's chunks eight times over (~400 MiB). Runs of the tools alternate, so a change
// in the machine's load hits every tool alike. Ours runs as users run it, through the
// dist/quarry-evtx launcher (node started without NODE_EXTRA_CA_CERTS: scripts/cli-launcher.mjs).
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, readdirSync, statSync, writeSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { findTool } from '@quarry/testkit';

const SHARED = process.env.QUARRY_SHARED ?? fileURLToPath(new URL('../../../../shared/', import.meta.url));
const SAMPLES = join(SHARED, 'samples', 'evtx');
const LAUNCHER = fileURLToPath(new URL('../dist/quarry-evtx', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CORES = availableParallelism();

function evtxFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.toLowerCase().endsWith('.evtx'))
    .map((f) => join(dir, f))
    .sort();
}

/** One EVTX file made of every whole chunk of every sample, `times` over, behind a fresh file header. */
function concatenation(files: string[], times: number): string {
  const out = join(tmpdir(), `quarry-evtx-bench-concat${times > 1 ? `-x${times}` : ''}.evtx`);
  const fd = openSync(out, 'w');
  let header: Buffer | undefined;
  let chunks = 0;
  writeSync(fd, Buffer.alloc(4096));
  for (let pass = 0; pass < times; pass++) {
    for (const f of files) {
      const buf = readFileSync(f);
      header ??= Buffer.from(buf.subarray(0, 4096));
      for (let p = 4096; p + 65536 <= buf.length; p += 65536) {
        if (buf.toString('latin1', p, p + 8) !== 'ElfChnk\0') continue;
        writeSync(fd, buf, p, 65536);
        chunks++;
      }
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

/** One run of `cmd`, output discarded, under /usr/bin/time for CPU time and peak RSS; folded into `t`. */
function timeOnce(cmd: string, args: string[], t: Timing): string {
  const out = join(tmpdir(), 'quarry-evtx-bench-time.txt');
  const t0 = performance.now();
  const stdio: ['ignore', 'ignore', 'pipe'] = ['ignore', 'ignore', 'pipe'];
  const r = TIME
    ? spawnSync(TIME, ['-o', out, '-f', '%U %S %M', cmd, ...args], { stdio, encoding: 'utf8' })
    : spawnSync(cmd, args, { stdio, encoding: 'utf8' });
  t.wall = Math.min(t.wall, (performance.now() - t0) / 1000);
  if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}`);
  if (TIME) {
    const [user, sys, rss] = readFileSync(out, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
    t.cpu = Math.min(t.cpu, user! + sys!);
    t.rssKb = Math.max(t.rssKb, rss!);
  }
  return r.stderr;
}

interface Row {
  name: string;
  cmd: string;
  args: string[];
  /** Runs for this row (a slow reference tool gets one on the large file). */
  runs: number;
  t: Timing;
  /** Records written, when the tool stops early and reports it on stderr (else the file's). */
  records?: number;
}

/** RUNS rounds, each running every row once in turn. */
function timeRows(rows: Row[]): void {
  for (let round = 0; round < RUNS; round++) {
    for (const row of rows) {
      if (round >= row.runs) continue;
      const stderr = timeOnce(row.cmd, row.args, row.t);
      if (row.records !== undefined) row.records = Number(stderr.trim().split('\n').pop());
    }
  }
}

/** Lines of our jsonl output, counted by wc: the largest file's output is too big for one string. */
function countRecords(file: string): number {
  const r = spawnSync('sh', ['-c', '"$0" dump "$1" 2>/dev/null | wc -l', LAUNCHER, file], { encoding: 'utf8' });
  return Number(r.stdout.trim());
}

/** Records evtxexport writes before it stops. */
function countEvtxexport(tool: string, file: string): number {
  const r = spawnSync('sh', ['-c', '"$0" "$1" 2>/dev/null | grep -c "^Event number"', tool, file], { encoding: 'utf8' });
  return Number(r.stdout.trim());
}

const PYTHON_EVTX = fileURLToPath(new URL('./python_evtx_dump.py', import.meta.url));
const PYTHON_SECONDS = Number(process.env.BENCH_PYTHON_SECONDS ?? 20);

/** Whether python-evtx (pip install python-evtx) can be imported. */
function havePythonEvtx(): boolean {
  return spawnSync('python3', ['-c', 'import Evtx.Evtx'], { stdio: 'ignore' }).status === 0;
}

function main(): void {
  if (!existsSync(SAMPLES)) {
    console.log(`bench skipped: no samples at ${SAMPLES}`);
    return;
  }
  const files = evtxFiles(SAMPLES);
  const largest = files.reduce((a, b) => (statSync(a).size >= statSync(b).size ? a : b));
  const targets = [largest, concatenation(files, 1), concatenation(files, 8)];
  const evtxDump = findTool('evtx_dump');
  const evtxexport = findTool('evtxexport');
  const pythonEvtx = havePythonEvtx();
  console.log(`cores: ${CORES}, ${RUNS} alternating rounds (wall: best, cpu: least, RSS: largest), output to /dev/null`);
  if (!evtxDump) console.log('evtx_dump missing (cargo install evtx --locked): its rows are skipped');
  if (!evtxexport) console.log('evtxexport missing (apt-get install libevtx-utils): its rows are skipped');
  if (!pythonEvtx) console.log('python-evtx missing (pip install python-evtx==0.8.1): its row is skipped');
  // The only EVTX parser on npm besides ours, evtx-parser 1.0.0, throws on every sample (tried on all 54).
  for (const file of targets) {
    const mb = statSync(file).size / 2 ** 20;
    const records = countRecords(file);
    console.log(`\n${file.slice(file.lastIndexOf('/') + 1)}: ${mb.toFixed(1)} MiB, ${records} records`);
    const row = (name: string, cmd: string, args: string[], runs = RUNS): Row => ({ name, cmd, args, runs, t: { wall: Infinity, cpu: Infinity, rssKb: 0 } });
    const ours = (format: string, threads: number): Row =>
      row(`quarry-evtx ${format}, ${threads} thread${threads > 1 ? 's' : ''}`, LAUNCHER, ['dump', file, '--format', format, '--threads', String(threads)]);
    const rows: Row[] = [ours('jsonl', 1), ours('jsonl', CORES), ours('xml', 1)];
    if (evtxDump) {
      rows.push(row('evtx_dump jsonl, -t 1', evtxDump, ['-o', 'jsonl', '-t', '1', file]));
      rows.push(row(`evtx_dump jsonl, -t ${CORES}`, evtxDump, ['-o', 'jsonl', '-t', String(CORES), file]));
      rows.push(row('evtx_dump xml, -t 1', evtxDump, ['-o', 'xml', '-t', '1', file]));
    }
    // evtxexport gives up on the concatenations part way (an error on a repeated record number):
    // say how far it got, and leave it out of the largest file, where the comparison would mislead.
    if (evtxexport && mb < 100) rows.push(row('evtxexport (libevtx) text', evtxexport, [file]));
    // python-evtx manages ~160 records/s here: one run, stopped after PYTHON_SECONDS, on the smallest target.
    if (pythonEvtx && file === targets[0])
      rows.push({ ...row('python-evtx 0.8.1 xml', 'python3', [PYTHON_EVTX, file, String(PYTHON_SECONDS)], 1), records: 0 });
    timeRows(rows);
    if (evtxexport) {
      const got = mb < 100 ? countEvtxexport(evtxexport, file) : 0;
      if (got !== records)
        console.log(
          mb < 100
            ? `  note: evtxexport stopped after ${got} of ${records} records; its time covers those only`
            : '  evtxexport: left out (it stops with an error on these concatenations)',
        );
    }
    console.log(`  ${'tool'.padEnd(34)} ${'wall s'.padStart(7)} ${'cpu s'.padStart(7)} ${'MiB/s'.padStart(7)} ${'rec/s'.padStart(8)} ${'RSS MiB'.padStart(8)}`);
    for (const { name, t, records: done = records } of rows) {
      // A tool stopped early is credited with the share of the file its records make up.
      const share = done / records;
      console.log(
        `  ${name.padEnd(34)} ${t.wall.toFixed(3).padStart(7)} ${t.cpu.toFixed(3).padStart(7)} ${((mb * share) / t.wall).toFixed(1).padStart(7)} ${Math.round(
          done / t.wall,
        )
          .toString()
          .padStart(8)} ${(t.rssKb / 1024).toFixed(0).padStart(8)}${done !== records ? `  (stopped after ${done} records)` : ''}`,
      );
    }
    const find = (name: string): Timing | undefined => rows.find((r) => r.name === name)?.t;
    const ratio = (ourName: string, name: string): void => {
      const a = find(ourName);
      const b = find(name);
      if (a && b) console.log(`  ${ourName} / ${name}: wall ${(a.wall / b.wall).toFixed(2)}x, cpu ${(a.cpu / b.cpu).toFixed(2)}x`);
    };
    ratio('quarry-evtx jsonl, 1 thread', 'evtx_dump jsonl, -t 1');
    ratio(rows[1]!.name, 'evtx_dump jsonl, -t 1');
    ratio(rows[1]!.name, `evtx_dump jsonl, -t ${CORES}`);
    ratio('quarry-evtx xml, 1 thread', 'evtx_dump xml, -t 1');
    ratio('quarry-evtx jsonl, 1 thread', 'evtxexport (libevtx) text');
    const py = rows.find((r) => r.name.startsWith('python-evtx'));
    if (py?.records) {
      const ours = rows[0]!.t;
      console.log(`  python-evtx / quarry-evtx jsonl, 1 thread, per record: ${(py.t.wall / py.records / (ours.wall / records)).toFixed(0)}x our time`);
    }
  }
}

main();
