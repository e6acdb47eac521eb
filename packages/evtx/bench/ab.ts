// Compares two builds of this package in one process: `npm run bench:ab -w @quarry/evtx -- A B [FILE] [ROUNDS] [THREADS]`,
// where A and B are copies of dist/ (e.g. `cp -r dist /tmp/evtx-before` before a change, then
// rebuild; a build using @quarry/threads must stay under the repository to resolve it). Each
// build dumps FILE as jsonl (on THREADS threads, default 1) once to warm up, then the two alternate ROUNDS times,
// so the machine's drift (up to 50% from minute to minute here) hits both alike; the median of
// the paired ratios resolves changes of a few percent, which separate processes cannot. It also
// checks that both builds write the same bytes. Two runs of one build give ratios of 0.96–1.04.
import { createHash } from 'node:crypto';
import { openSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

type DumpEvtx = (file: string, format: 'jsonl', opts: { threads: number }) => AsyncIterable<Uint8Array>;

const [a, b, file = join(tmpdir(), 'quarry-evtx-bench-concat.evtx'), rounds = '10', threads = '1'] = process.argv.slice(2);
if (a === undefined || b === undefined) {
  console.error('usage: ab.ts DIST_A DIST_B [FILE (default: the concatenation bench:evtx builds)] [ROUNDS] [THREADS]');
  process.exit(2);
}

async function load(dist: string): Promise<DumpEvtx> {
  const mod = (await import(pathToFileURL(join(resolve(dist), 'evtx-file.js')).href)) as { dumpEvtx: DumpEvtx };
  return mod.dumpEvtx;
}

const sink = openSync('/dev/null', 'w');

/** One jsonl dump: milliseconds, CPU milliseconds of the process (every thread), and a digest of the output. */
async function run(dump: DumpEvtx): Promise<{ ms: number; cpuMs: number; digest: string }> {
  const hash = createHash('sha256');
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  for await (const text of dump(file, 'jsonl', { threads: Number(threads) })) {
    hash.update(text);
    writeSync(sink, text);
  }
  const cpu = process.cpuUsage(cpu0);
  return { ms: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000, digest: hash.digest('hex') };
}

const median = (xs: number[]): number => [...xs].sort((x, y) => x - y)[xs.length >> 1]!;

const builds = [await load(a), await load(b)] as const;
const firstA = await run(builds[0]);
const firstB = await run(builds[1]);
if (firstA.digest !== firstB.digest) {
  console.error('the two builds write different output');
  process.exit(1);
}
console.log(`${file}: first (cold) runs A ${firstA.ms.toFixed(0)} ms, B ${firstB.ms.toFixed(0)} ms`);
const times: [number[], number[]] = [[], []];
const cpus: [number[], number[]] = [[], []];
for (let r = 0; r < Number(rounds); r++) {
  // Which build goes first alternates too: the second of a pair tends to run a little faster.
  const order = r % 2 === 0 ? [0, 1] : [1, 0];
  for (const i of order) {
    const { ms, cpuMs } = await run(builds[i]!);
    times[i]!.push(ms);
    cpus[i]!.push(cpuMs);
  }
}
const paired = (xs: [number[], number[]]) => median(xs[0].map((ta, i) => xs[1][i]! / ta));
console.log(`${threads} thread(s); A ms: ${times[0].map((t) => t.toFixed(0)).join(' ')}`);
console.log(`B ms: ${times[1].map((t) => t.toFixed(0)).join(' ')}`);
console.log(`median A ${median(times[0]).toFixed(0)} ms, B ${median(times[1]).toFixed(0)} ms; median paired B/A ${paired(times).toFixed(3)}`);
console.log(`A CPU ms: ${cpus[0].map((t) => t.toFixed(0)).join(' ')}; B CPU ms: ${cpus[1].map((t) => t.toFixed(0)).join(' ')}`);
console.log(`CPU: median A ${median(cpus[0]).toFixed(0)} ms, B ${median(cpus[1]).toFixed(0)} ms; median paired B/A ${paired(cpus).toFixed(3)}`);
