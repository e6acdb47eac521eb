// The registry job's store cost, in one process: every sample hive through the job pipeline with
// the registry analyzers, `parse` without a sink, `ingest` with the record-store writer (encrypted).
// `node --import tsx packages/store/bench/registry.ts parse|ingest [reps]` prints one JSON line
// (ingest: with a few searches' times, ms, the slower of two runs).
import { createReadStream, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPipeline, type PipelineInput, type RecordSink } from '@quarry/insights';
import { LocalFiles } from '@quarry/storage';
import { sharedPath } from '@quarry/testkit';
import { RecordStores, type SearchQuery } from '../src/index.js';
import { countingSink, measured } from './measure.js';

const [mode = 'ingest', repsArg = '1'] = process.argv.slice(2);
const reps = Number(repsArg);
const KEY = Buffer.alloc(32, 0x5a);
const JOB = '00000000-0000-4000-8000-00000000b3c5';
const SAMPLES = sharedPath('samples', 'registry');

function hives(): string[] {
  return readdirSync(SAMPLES, { recursive: true, encoding: 'utf8' })
    .map((f) => join(SAMPLES, f))
    .filter((p) => !/\.log\d?$/i.test(p) && statSync(p).isFile() && readFileSync(p).subarray(0, 4).toString('latin1') === 'regf')
    .sort();
}

function inputs(): PipelineInput[] {
  const out: PipelineInput[] = [];
  for (let r = 0; r < reps; r++) {
    for (const path of hives()) {
      const position = out.length;
      out.push({
        ref: { position, fileId: `bench-${position}`, name: path.slice(SAMPLES.length + 1), size: statSync(path).size, sha256: '' },
        open: () => createReadStream(path, { highWaterMark: 256 * 1024 }),
      });
    }
  }
  return out;
}

const dir = mkdtempSync(join(tmpdir(), 'quarry-bench-registry-'));
let count = (): number => 0;
let sink: RecordSink<'registry'> | undefined;
let writerCpu = (): number => 0;
if (mode === 'ingest') {
  const writer = new RecordStores(new LocalFiles(dir)).writer(JOB, 'registry', KEY);
  const counted = countingSink(writer);
  sink = counted.sink;
  count = counted.records;
  writerCpu = () => writer.writerCpuSeconds;
}
const run = await measured(() => runPipeline({ category: 'registry', inputs: inputs(), options: { runSigmaRules: false }, threads: 2, sink }));
const storeBytes = readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
const queries: Record<string, number> = {};
if (mode === 'ingest') {
  // A few searches of each kind, each timed as the slower of two runs (count and first page).
  const reader = (await new RecordStores(new LocalFiles(dir)).open(JOB, 'registry', KEY))!;
  const kinds: [string, Omit<SearchQuery, 'page' | 'show'>][] = [
    ['all', { search: '' }],
    ['text run', { search: 'run' }],
    ['text administrator', { search: 'administrator' }],
    ['text 2-char', { search: 'xp' }],
    ['key starts_with', { search: '', filters: [{ field: 'key', operator: 'starts_with', value: 'Microsoft\\Windows\\CurrentVersion\\Run' }] }],
    ['details.Value contains hex', { search: '', filters: [{ field: 'details.Value', operator: 'contains', value: '4100640064' }] }],
    ['value name + text', { search: 'users', filters: [{ field: 'details.ValueName', operator: 'equals', value: 'V' }] }],
    ['time window', { search: '', startTime: Date.UTC(2019, 0, 1), endTime: Date.UTC(2019, 6, 1) }],
  ];
  for (const [name, q] of kinds) {
    let worst = 0;
    for (let k = 0; k < 2; k++) {
      const t = performance.now();
      reader.search({ ...q, page: 1, show: 100 });
      worst = Math.max(worst, performance.now() - t);
    }
    queries[name] = +worst.toFixed(1);
  }
  reader.close();
}
rmSync(dir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    mode,
    reps,
    keys: count(),
    seconds: +run.seconds.toFixed(3),
    cpuSeconds: +run.cpuSeconds.toFixed(2),
    mainCpuSeconds: +run.mainThreadCpuSeconds.toFixed(2),
    writerCpuSeconds: +writerCpu().toFixed(2),
    storeMiB: +(storeBytes / 2 ** 20).toFixed(1),
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    queryMs: queries,
  }),
);
