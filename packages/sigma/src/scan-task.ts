/**
 * Pool-thread side of scanParallel and scanEvtxParallel: each thread compiles a rule set once,
 * when its first task needs it, and keeps it for the scan's later tasks (and the next scan of
 * the same set).
 */
import { readSharedData, ThreadCache, type SharedData } from '@quarry/threads';
import { SigmaEngine, type EngineOptions } from './engine.js';
import type { Json } from './event.js';
import { EVTX_MISSING, loadEvtxReader, matchEvtxFile, type FileMatches } from './evtx-input.js';
import type { RuleMatch } from './match.js';
import type { SourceResult } from './rule-source.js';
import { WorkQueue } from './work-queue.js';

/** What every task of a scan shares: the rule documents and engine options, serialized once. */
export interface SharedRules {
  rules: SourceResult;
  engine: EngineOptions;
}

export interface BatchTask {
  rules: SharedData;
  /** Records are JSON texts to parse here (cheaper to hand over than objects). */
  encoded: boolean;
  records: Json[];
}

export interface ClaimTask {
  rules: SharedData;
  /** Paths in claim order (largest first) and the claim counter shared by every thread of the scan. */
  paths: string[];
  counter: SharedArrayBuffer;
}

/** One claimed file's matches, by claim position. */
export type ClaimedFile = { position: number } & FileMatches;

const engines = new ThreadCache<SigmaEngine>(2);

function engineFor(rules: SharedData): Promise<SigmaEngine> {
  return engines.get(rules.key, () => {
    const { rules: source, engine } = readSharedData<SharedRules>(rules);
    return SigmaEngine.fromSourceResult(source, engine);
  });
}

/** Compiles the set on this thread (a scan's first task on each thread, so compiling is timed apart). */
export async function compileRules(task: { rules: SharedData }): Promise<void> {
  await engineFor(task.rules);
}

/** The matches of a batch of records, in record order. */
export async function matchBatch(task: BatchTask): Promise<RuleMatch[]> {
  const engine = await engineFor(task.rules);
  const matches: RuleMatch[] = [];
  for (const r of task.records) {
    const record = task.encoded ? (JSON.parse(r as string) as Json) : r;
    for (const m of engine.match(record)) matches.push(m);
  }
  return matches;
}

/** Claims whole EVTX files until none is left, parsing and matching each here: only matches cross threads. */
export async function matchClaimedFiles(task: ClaimTask): Promise<ClaimedFile[]> {
  const reader = await loadEvtxReader();
  if (!reader) throw new Error(EVTX_MISSING);
  const engine = await engineFor(task.rules);
  const queue = new WorkQueue(task.paths.length, task.counter);
  const done: ClaimedFile[] = [];
  for (let p = queue.claim(); p !== undefined; p = queue.claim()) done.push({ position: p, ...(await matchEvtxFile(reader, engine, task.paths[p]!)) });
  return done;
}
