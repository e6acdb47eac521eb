/**
 * `npm run bench:summary [-- REPS]`: how long a search summary (browse_events: false) holds the web
 * server's event loop. One EVTX job over every sample under ../shared/samples/evtx, REPS times
 * over (default 2), is parsed with run_sigma_rules and the full SigmaHQ set into a record store,
 * as the worker does. Then one summary over all of its records (a time window that holds them
 * all, so the stored insights cannot be reused) runs twice:
 *   - on the event loop, as search-records.ts did before the Sigma thread (fanOut over the stored
 *     records on the calling thread, yielding every 2,000 records);
 *   - on the Sigma thread (what the server does now).
 * Each run prints the event-loop delay perf_hooks.monitorEventLoopDelay saw meanwhile, and how
 * many times a 1 ms timer fired. Rule compilation is done before either clock starts. Needs the
 * built dist/ of @quarry/insights, store, hunting and api (the thread runs compiled code).
 */
import { createReadStream, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SigmaRuleSet, SigmaThread } from '@quarry/hunting';
import { fanOut, runPipeline, type InputRef, type PipelineInput, type ReaderEvent, type RecordNotes } from '@quarry/insights';
import { LocalFiles } from '@quarry/storage';
import { RecordStores, type RecordStoreReader, type SearchQuery } from '@quarry/store';
import { sharedPath } from '@quarry/testkit';
import { SUMMARY_TASK } from '../src/scans/hunting.js';
import type { SummaryInput, SummaryOutput } from '../src/search/summary-task.js';

const REPS = Number(process.argv[2] ?? 2);
const JOB = '00000000-0000-4000-8000-0000000005a1';
const SIGMA_DIRS = [sharedPath('rules', 'sigma', 'rules')];
const SAMPLES = sharedPath('samples', 'evtx');
/** As the removed on-loop code did. */
const YIELD_EVERY = 2_000;

function inputs(): PipelineInput[] {
  const files = readdirSync(SAMPLES, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.toLowerCase().endsWith('.evtx'))
    .sort();
  const out: PipelineInput[] = [];
  for (let r = 0; r < REPS; r++) {
    for (const f of files) {
      const path = join(SAMPLES, f);
      const position = out.length;
      out.push({
        ref: { position, fileId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`, name: f, size: statSync(path).size, sha256: '' },
        open: () => createReadStream(path, { highWaterMark: 256 * 1024 }),
      });
    }
  }
  return out;
}

interface Figures {
  seconds: number;
  delayMaxMs: number;
  delayP99Ms: number;
  delayMeanMs: number;
  /** A 1 ms interval timer's firings per second of the summary (about 1,000 on an idle loop). */
  timerTicksPerSecond: number;
}

async function measured(run: () => Promise<unknown>): Promise<Figures> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  delay.enable();
  const start = performance.now();
  await run();
  const seconds = (performance.now() - start) / 1000;
  delay.disable();
  clearInterval(timer);
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  return {
    seconds: Math.round(seconds * 100) / 100,
    delayMaxMs: ms(delay.max),
    delayP99Ms: ms(delay.percentile(99)),
    delayMeanMs: ms(delay.mean),
    timerTicksPerSecond: Math.round(ticks / seconds),
  };
}

/** The summary as search-records.ts ran it before: analyzers over the stored records on this thread. */
async function onTheEventLoop(reader: RecordStoreReader<'winevtx'>, q: SearchQuery, refs: InputRef[], rules: SigmaRuleSet): Promise<number> {
  async function* events(): AsyncGenerator<ReaderEvent<'winevtx'>> {
    let n = 0;
    for (const { record, input } of reader.records(q)) {
      yield { type: 'record', record, input };
      if (++n % YIELD_EVERY === 0) await new Promise((r) => setImmediate(r));
    }
    for (const ref of refs) yield { type: 'done', report: { input: ref, records: 0, warnings: [], error: null, facts: {} } };
  }
  const { insights } = await fanOut({ category: 'winevtx', inputs: refs, options: { runSigmaRules: true }, events: events(), sigmaRules: rules.current() });
  return insights.length;
}

const dir = mkdtempSync(join(tmpdir(), 'quarry-bench-summary-'));
try {
  const stores = new RecordStores(new LocalFiles(dir));
  const rules = new SigmaRuleSet(SIGMA_DIRS);
  const jobInputs = inputs();
  const notes: RecordNotes = { sigmaMatches: [] };
  const writer = stores.writer(JOB, 'winevtx', null, { annotate: () => (notes.sigmaMatches.length > 0 ? { sigmaMatches: notes.sigmaMatches } : undefined) });
  let records = 0;
  const sink = {
    write: (r: Parameters<typeof writer.write>[0], i: InputRef) => (records++, writer.write(r, i)),
    close: () => writer.close(),
    abort: () => writer.abort(),
  };
  console.log(`parsing ${jobInputs.length} EVTX inputs (samples x${REPS}) with the SigmaHQ set into a record store…`);
  await runPipeline({ category: 'winevtx', inputs: jobInputs, options: { runSigmaRules: true }, threads: 2, sink, notes, sigmaRules: rules.current() });
  const refs = jobInputs.map((i) => i.ref);
  const q: SearchQuery = { search: '', startTime: 0, page: 1, show: 10 };
  const reader = (await stores.open(JOB, 'winevtx', null))!;
  try {
    const before = await measured(() => onTheEventLoop(reader, q, refs, rules));
    const thread = new SigmaThread({ dirs: SIGMA_DIRS, timeoutMs: 10_000, task: SUMMARY_TASK });
    const warmed = await thread.warm();
    const input: SummaryInput = { file: reader.file, jobId: JOB, category: 'winevtx', jobKey: null, query: q, inputs: refs, runSigmaRules: true };
    let out: SummaryOutput | undefined;
    const after = await measured(async () => (out = (await thread.task(input)) as SummaryOutput));
    await thread.close();
    if (!out?.ok) throw new Error(`the summary failed: ${out?.message ?? 'no answer'}`);
    console.log(JSON.stringify({ records, sigmaRules: warmed.loaded, insights: out.insights.length }));
    console.table({ 'on the event loop (before)': before, 'on the Sigma thread (now)': after });
    console.log(
      `event-loop delay, max: ${before.delayMaxMs} ms before, ${after.delayMaxMs} ms now (${(before.delayMaxMs / after.delayMaxMs).toFixed(1)}x less)`,
    );
  } finally {
    reader.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
