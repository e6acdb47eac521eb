/**
 * node --import tsx packages/rest-compat/bench/triage-phase.ts MODE... (MODE: sized, descriptors, per-type)
 *
 * bench:triage's samples comparison in one process, without the service: the samples collection
 * (KAPE layout, sizes in local headers or in data descriptors) through the triage pipeline, or the
 * same files as the four per-type pipelines one after another (winevtx with Sigma, registry and lnk
 * as a zip each, prefetch as files), each with its real record stores (public, in a temp
 * directory) and the SigmaHQ rules, in the order given. Prints each run's wall time and process
 * CPU seconds (all threads), and each store writer thread's CPU seconds. Run it with the worker's
 * Node options and MALLOC_ARENA_MAX=2 (packages/config, worker-node-args.ts) to match the worker.
 * The first run of the process pays for compiling and optimising the code: compare later ones.
 * No Temporal, PostgreSQL, blob store, heartbeats or progress rows: what is left is the pipelines.
 * PHASE_EVTX and PHASE_OTHER: copies of the event logs and of the other samples in the collection
 * (default 1 and 1; bench:triage's 1 GiB collection is 14 and 3).
 */
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { SigmaRuleSet, sigmaRuleDirs } from '@quarry/hunting';
import { runPipeline, type PipelineInput, type RecordNotes, type RecordSink } from '@quarry/insights';
import { LocalFiles } from '@quarry/storage';
import { RecordStores } from '@quarry/store';
import { sharedPath } from '@quarry/testkit';
import type { ArtifactType, ParseCategory } from '@quarry/vocabulary';
import { kapeLayout } from './triage/layout.js';
import { writeSizedZip } from './triage/zip-sized.js';
import { writeZip } from './triage/zip-writer.js';

const MODES = ['sized', 'descriptors', 'per-type'] as const;
const modes = process.argv.slice(2);
if (modes.length === 0 || modes.some((m) => !(MODES as readonly string[]).includes(m))) {
  console.error(`usage: triage-phase.ts MODE... (${MODES.join(', ')})`);
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'quarry-triage-phase-'));
const stores = new RecordStores(new LocalFiles(join(dir, 'stores')));
const rules = new SigmaRuleSet(sigmaRuleDirs({ sigmaRules: sharedPath('rules', 'sigma', 'rules'), dataDir: join(dir, 'data') })).current();
const members = kapeLayout(sharedPath('samples'), { evtx: Number(process.env.PHASE_EVTX ?? 1), other: Number(process.env.PHASE_OTHER ?? 1) });
let position = 0;
const input = (path: string, name = basename(path)): PipelineInput => ({
  ref: { position: position++, fileId: '00000000-0000-4000-8000-000000000001', name, size: statSync(path).size, sha256: '' },
  open: () => createReadStream(path, { highWaterMark: 64 * 1024 }),
});

let jobs = 0;
/** One job's pipeline with its stores (a composite job's member types get theirs through sinkFor); returns its writers' CPU. */
async function job(category: ParseCategory, inputs: PipelineInput[], runSigmaRules: boolean): Promise<string> {
  const id = `bench-${jobs++}`;
  const writers: { type: string; writer: { writerCpuSeconds: number } }[] = [];
  const sinkOf = <T extends ParseCategory>(type: T, notes: RecordNotes, member = false): RecordSink<T> => {
    const writer = stores.writer(id, type, null, {
      annotate: () => (notes.sigmaMatches.length > 0 ? { sigmaMatches: notes.sigmaMatches } : undefined),
      ownThread: member,
    });
    writers.push({ type, writer });
    return writer;
  };
  const notes: RecordNotes = { sigmaMatches: [] };
  await runPipeline({
    category,
    inputs,
    options: { runSigmaRules },
    sigmaRules: runSigmaRules ? rules : undefined,
    threads: 2,
    sink: sinkOf(category, notes),
    notes,
    sinkFor: async <T extends ArtifactType>(type: T, typeNotes: RecordNotes) => sinkOf(type, typeNotes, true),
  });
  return writers.map((w) => `${w.type} ${w.writer.writerCpuSeconds.toFixed(2)}`).join(', ');
}

const of = (type: ArtifactType) => members.filter((m) => m.type === type);
const sized = await writeSizedZip(join(dir, 'sized.zip'), members);
const descriptors = await writeZip(join(dir, 'descriptors.zip'), members);
const registryZip = await writeZip(join(dir, 'registry.zip'), of('registry'));
const lnkZip = await writeZip(join(dir, 'lnk.zip'), of('lnk'));

const runs: Record<(typeof MODES)[number], () => Promise<string[]>> = {
  sized: async () => [await job('triage', [input(sized.path, 'collection.zip')], true)],
  descriptors: async () => [await job('triage', [input(descriptors.path, 'collection.zip')], true)],
  'per-type': async () => [
    await job(
      'winevtx',
      of('winevtx').map((m) => input(m.source)),
      true,
    ),
    await job('registry', [input(registryZip.path)], false),
    await job(
      'prefetch',
      of('prefetch').map((m) => input(m.source)),
      false,
    ),
    await job('lnk', [input(lnkZip.path)], false),
  ],
};

try {
  for (const mode of modes as (typeof MODES)[number][]) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const writers = await runs[mode]();
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `${mode}: wall ${((performance.now() - t0) / 1000).toFixed(2)} s, CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s; store writer threads CPU-s: ${writers.join('; ')}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
// The thread pool (store writers, parser threads) keeps the process alive.
process.exit(0);
