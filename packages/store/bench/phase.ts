// One measured phase in its own process, so its peak RSS is its own: `parse <reps>` runs the job
// pipeline without a sink (the parser alone), `ingest <reps> <dir>` with the record-store writer.
// `job <reps>` and `job-ingest <reps> <dir>` do the same as a parse job does it: the category's
// analyzers and the full Sigma rule set (../shared/rules/sigma/rules) run too. Prints one JSON line.
// BENCH_EVTX=<paths, comma-separated> reads those files instead of the samples, and BENCH_THREADS=N
// gives the job N threads: a log of 3,072 chunks or more (192 MiB) then goes to the worker threads.
import { SigmaRuleSet } from '@quarry/hunting';
import { runPipeline, type RecordNotes, type RecordSink } from '@quarry/insights';
import { findEventTemplate, LookupStore } from '@quarry/reference';
import { LocalFiles } from '@quarry/storage';
import { sharedPath } from '@quarry/testkit';
import { RecordStores } from '../src/index.js';
import { filesAsInputs, replicated } from './inputs.js';
import { countingSink, measured } from './measure.js';

const [mode, repsArg, dir] = process.argv.slice(2);
const reps = Number(repsArg);
const threads = Number(process.env['BENCH_THREADS'] ?? 1);
const files = process.env['BENCH_EVTX']?.split(',');
const KEY = Buffer.alloc(32, 0x5a);
const JOB = '00000000-0000-4000-8000-00000000b3c4';

let parsed = 0;
const counter: RecordSink<'winevtx'> = {
  write: () => {
    parsed++;
  },
  close: async () => undefined,
  abort: async () => undefined,
};

const asJob = mode === 'job' || mode === 'job-ingest';
const notes: RecordNotes = { sigmaMatches: [] };
// A worker compiles the rule set once and keeps it: compiled here before the clock starts, and
// run on one sample (the parser threads' compile), so neither phase counts it.
const sigmaRules = asJob ? new SigmaRuleSet([sharedPath('rules', 'sigma', 'rules')]).current() : undefined;
if (asJob) {
  const none: RecordSink<'winevtx'> = { write: () => undefined, close: async () => undefined, abort: async () => undefined };
  await runPipeline({ category: 'winevtx', inputs: replicated(1).slice(0, 1), options: { runSigmaRules: true }, threads: 1, sink: none, sigmaRules });
}

let sink: RecordSink<'winevtx'> = counter;
let writerCpu = (): number => 0;
let count = (): number => parsed;
if (mode === 'ingest' || mode === 'job-ingest') {
  const ds = await new LookupStore().dataset('event_id');
  const writer = new RecordStores(new LocalFiles(dir!)).writer(JOB, 'winevtx', KEY, {
    eventTemplates: (p, id, v) => findEventTemplate(ds, p, id, v),
    // As the worker does (run-parse-job.ts): each record's Sigma matches go into its row.
    annotate: () => (notes.sigmaMatches.length > 0 ? { sigmaMatches: notes.sigmaMatches } : undefined),
  });
  const counted = countingSink(writer);
  sink = counted.sink;
  count = counted.records;
  writerCpu = () => writer.writerCpuSeconds;
}
const run = await measured(() =>
  runPipeline({
    category: 'winevtx',
    inputs: files ? filesAsInputs(files, reps) : replicated(reps),
    options: { runSigmaRules: asJob },
    threads,
    sink,
    notes,
    sigmaRules,
    ...(asJob ? {} : { analyzers: [] }),
  }),
);
console.log(JSON.stringify({ mode, records: count(), ...run, writerThreadCpuSeconds: writerCpu(), maxRssMiB: process.resourceUsage().maxRSS / 1024 }));
