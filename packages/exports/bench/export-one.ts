/**
 * One measured export for `npm run bench:export` (run as its own process, so its RSS is the
 * export's): parses the EVTX files with @quarry/evtx on this thread and streams the records
 * through one writer into a sink that counts and discards the bytes (backpressure included: the
 * sink is a Writable behind stream.pipeline). Prints one JSON line: records, bytes, the RSS
 * after start-up (baseline), the peak RSS (getrusage maxRSS, and sampled every 20 ms) and the
 * sampled peaks of the JS heap in use and of external memory (Buffers).
 * Usage: export-one.ts jsonl|ecs <file.evtx>...
 */
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openEvtx } from '@quarry/evtx';
import { ecsBulk, jsonlRecords, type EvtxSourceEvent, type JobRecord } from '../src/index.js';

const [format, ...files] = process.argv.slice(2);
if ((format !== 'jsonl' && format !== 'ecs') || files.length === 0) {
  console.error('usage: export-one.ts jsonl|ecs <file.evtx>...');
  process.exit(2);
}

const baseline = process.memoryUsage().rss;
let sampled = baseline;
let heapUsed = 0;
let external = 0;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  sampled = Math.max(sampled, m.rss);
  heapUsed = Math.max(heapUsed, m.heapUsed);
  external = Math.max(external, m.external);
}, 20);

let records = 0;
async function* jobRecords(): AsyncGenerator<JobRecord> {
  for (const file of files) {
    for await (const r of openEvtx(file, { json: false, jsonText: true })) {
      records++;
      yield { category: 'evtx', source: file, record: undefined, json: r.jsonText! };
    }
  }
}
async function* ecsEvents(): AsyncGenerator<EvtxSourceEvent> {
  for (const file of files) {
    for await (const r of openEvtx(file, { json: true })) {
      records++;
      yield { event: r.event, source: file };
    }
  }
}

let bytes = 0;
const sink = new Writable({
  decodeStrings: false,
  write(chunk: string | Buffer, _enc, done) {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    done();
  },
});
await pipeline(Readable.from(format === 'jsonl' ? jsonlRecords(jobRecords()) : ecsBulk(ecsEvents())), sink);
clearInterval(sampler);
const peak = Math.max(sampled, process.resourceUsage().maxRSS * 1024);
console.log(JSON.stringify({ records, bytes, baselineRss: baseline, peakRss: peak, peakHeapUsed: heapUsed, peakExternal: external }));
