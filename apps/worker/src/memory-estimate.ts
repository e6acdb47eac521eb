import type { ParseCategory } from '@quarry/vocabulary';

const MiB = 2 ** 20;

/** What a running job adds to the worker's memory: `base` plus `perInputByte` for every byte of its input. */
export interface MemoryFactor {
  base: number;
  perInputByte: number;
}

/**
 * Measured as the worker's peak RSS over a job minus its idle RSS before it (`bench:jobs`, whose
 * worker runs with the service's heap options; docs/operations.md, "Admission by memory").
 * EVTX: the samples job (64.5 MiB) added 413 MiB on a fresh worker and 280-300 on a warm one, the
 * 1 GiB job about 1 GiB; the base holds the job's store-writer thread and its SQLite page cache, its
 * share of the chunk threads and the analyzers' state. Registry: the 22 sample hives (27.6 MiB)
 * added about 350 MiB (hives are read whole and their keys' rows are indexed at the end). Every
 * evidence type needs an entry (the record is total), so a new type is measured, not guessed.
 */
const FACTORS: Record<ParseCategory, MemoryFactor> = {
  winevtx: { base: 256 * MiB, perInputByte: 0.75 },
  registry: { base: 192 * MiB, perInputByte: 6 },
  prefetch: { base: 128 * MiB, perInputByte: 2 },
  // Rough, not a measured delta: the 745 sample links and Jump Lists (3 MiB) peaked at 419 MiB of worker RSS in bench:shortcuts' service job.
  lnk: { base: 128 * MiB, perInputByte: 40 },
  // Rough: the reader with every type's analyzers (no stores; packages/insights/bench/triage-reader-memory.ts)
  // added 152 MiB over all samples zipped (106 MiB, 890 members) and 183 MiB over 428 MiB (EVTX repeated),
  // against 102 MiB for the samples' EVTX alone; the base adds a store writer per member type (up to five)
  // and the hives and links, read whole. bench:triage measures the worker's delta.
  triage: { base: 512 * MiB, perInputByte: 1 },
};

/** The memory a job of `category` over `inputBytes` of evidence is expected to add to the worker, bytes. */
export function estimateJobMemory(category: ParseCategory, inputBytes: number): number {
  const f = FACTORS[category];
  return Math.round(f.base + inputBytes * f.perInputByte);
}
