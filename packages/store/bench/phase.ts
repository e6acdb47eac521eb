// One measured phase in its own process, so its peak RSS is its own: `parse <reps>` runs the job
// pipeline without a sink (the parser alone), `ingest <reps> <dir>` with the record-store writer.
// Prints one JSON line.
import { runPipeline, type RecordSink } from '@quarry/insights';
import { findEventTemplate, LookupStore } from '@quarry/reference';
import { LocalFiles } from '@quarry/storage';
import { RecordStores } from '../src/index.js';
import { replicated } from './inputs.js';
import { countingSink, measured } from './measure.js';

const [mode, repsArg, dir] = process.argv.slice(2);
const reps = Number(repsArg);
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


let sink: RecordSink<'winevtx'> = counter;
let writerCpu = (): number => 0;
let count = (): number => parsed;
if (mode === 'ingest') {
  const ds = await new LookupStore().dataset('event_id');
  const writer = new RecordStores(new LocalFiles(dir!)).writer(JOB, 'winevtx', KEY, { eventTemplates: (p, id, v) => findEventTemplate(ds, p, id, v) });
  const counted = countingSink(writer);
  sink = counted.sink;
  count = counted.records;
  writerCpu = () => writer.writerCpuSeconds;
}
const run = await measured(() => runPipeline({ category: 'winevtx', inputs: replicated(reps), options: { runSigmaRules: false }, threads: 1, sink, analyzers: [] }));
console.log(JSON.stringify({ mode, records: count(), ...run, writerThreadCpuSeconds: writerCpu(), maxRssMiB: process.resourceUsage().maxRSS / 1024 }));
