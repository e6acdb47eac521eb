// Compares two builds of this package in one process: `npm run bench:ab -w @quarry/evtx -- A B [FILE] [ROUNDS]`,
// where A and B are copies of dist/ (e.g. `cp -r dist /tmp/evtx-before` before a change, then
// rebuild). Each build dumps FILE as jsonl once to warm up, then the two alternate ROUNDS times,
// so the machine's drift (up to 50% from minute to minute here) hits both alike; the median of
// the paired ratios resolves changes of a few percent, which separate processes cannot. It also
// checks that both builds write the same bytes. Two runs of one build give ratios of 0.96–1.04.
import { createHash } from 'node:crypto';
import { openSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

type DumpEvtx = (file: string, format: 'jsonl', opts: { threads: number }) => AsyncIterable<Uint8Array>;

const [a, b, file = join(tmpdir(), 'quarry-evtx-bench-concat.evtx'), rounds = '10'] = process.argv.slice(2);
if (a === undefined || b === undefined) {
  console.error('usage: ab.ts DIST_A DIST_B [FILE (default: the concatenation bench:evtx builds)] [ROUNDS]');
  process.exit(2);
}

async function load(dist: string): Promise<DumpEvtx> {
  const mod = (await import(pathToFileURL(join(resolve(dist), 'evtx-file.js')).href)) as { dumpEvtx: DumpEvtx };
  return mod.dumpEvtx;
}

const sink = openSync('/dev/null', 'w');

/** One single-threaded jsonl dump: milliseconds and a digest of the output. */
async function run(dump: DumpEvtx): Promise<{ ms: number; digest: string }> {
  const hash = createHash('sha256');
  const started = performance.now();
  for await (const text of dump(file, 'jsonl', { threads: 1 })) {
    hash.update(text);
    writeSync(sink, text);
  }
  return { ms: performance.now() - started, digest: hash.digest('hex') };
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
for (let r = 0; r < Number(rounds); r++) {
  // Which build goes first alternates too: the second of a pair tends to run a little faster.
  const order = r % 2 === 0 ? [0, 1] : [1, 0];
  for (const i of order) times[i]!.push((await run(builds[i]!)).ms);
}
const ratios = times[0].map((ta, i) => times[1][i]! / ta);
console.log(`A ms: ${times[0].map((t) => t.toFixed(0)).join(' ')}`);
console.log(`B ms: ${times[1].map((t) => t.toFixed(0)).join(' ')}`);
console.log(`median A ${median(times[0]).toFixed(0)} ms, B ${median(times[1]).toFixed(0)} ms; median paired B/A ${median(ratios).toFixed(3)}`);
