// One measured phase in its own process, so its peak RSS is its own: `parse <reps>` runs the job
// pipeline without a sink (the parser alone), `ingest <reps> <dir>` with the record-store writer.
// Prints one JSON line.
import { readFileSync } from 'node:fs';
import { runPipeline, type RecordSink } from '@quarry/insights';
import { findEventTemplate, LookupStore } from '@quarry/reference';
import { LocalFiles } from '@quarry/storage';
import { RecordStores } from '../src/index.js';
import { replicated } from './inputs.js';

const [mode, repsArg, dir] = process.argv.slice(2);
const reps = Number(repsArg);
const KEY = Buffer.alloc(32, 0x5a);
const JOB = '00000000-0000-4000-8000-00000000b3c4';

let records = 0;
const counter: RecordSink<'winevtx'> = {
  write: () => {
    records++;
  },
  close: async () => undefined,
  abort: async () => undefined,
};

/** CPU seconds of the calling thread (Linux). */
function threadCpuSeconds(): number {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

let sink: RecordSink<'winevtx'> = counter;
let writerCpu = (): number => 0;
if (mode === 'ingest') {
  const ds = await new LookupStore().dataset('event_id');
  const writer = new RecordStores(new LocalFiles(dir!)).writer(JOB, 'winevtx', KEY, { eventTemplates: (p, id, v) => findEventTemplate(ds, p, id, v) });
  sink = {
    write: (r, i) => {
      records++;
      return writer.write(r, i);
    },
    close: () => writer.close(),
    abort: () => writer.abort(),
  };
  writerCpu = () => writer.writerCpuSeconds;
}
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const main0 = threadCpuSeconds();
await runPipeline({ category: 'winevtx', inputs: replicated(reps), options: { runSigmaRules: false }, threads: 1, sink, analyzers: [] });
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
console.log(JSON.stringify({ mode, records, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, mainThreadCpuSeconds: threadCpuSeconds() - main0, writerThreadCpuSeconds: writerCpu(), maxRssMiB: process.resourceUsage().maxRSS / 1024 }));
