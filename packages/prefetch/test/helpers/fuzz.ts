import { join } from 'node:path';
import { byteMutations, fuzz as fuzzTarget, saveCrasher as keepIn, type FuzzTarget, type Mutation } from '@quarry/testkit';
import { parsePrefetch, PrefetchError } from '../../src/index.js';

export const CRASHERS_DIR = join(import.meta.dirname, '..', 'fixtures', 'crashers');
/** Fuzzed inputs may claim large sizes; keep each allocation small so runs stay fast. */
export const FUZZ_MAX_DECOMPRESSED = 4 * 1024 * 1024;

/** Small header fields matter most: aim at the first 320 bytes. */
const headerByte: Mutation = (data, _at, pick) => ((data[pick(Math.min(320, data.length))] = pick(256)), data);

const PREFETCH: FuzzTarget = {
  parse: (bytes) => parsePrefetch(bytes, { maxDecompressedSize: FUZZ_MAX_DECOMPRESSED, fileName: 'FUZZ.EXE-00000000.pf' }),
  rejects: (error) => error instanceof PrefetchError,
  mutations: [...byteMutations(), headerByte],
};

/** Parses `iterations` mutants of each seed; anything but success or PrefetchError, or a slow parse, fails. */
export const fuzz = (seeds: { name: string; bytes: Uint8Array }[], iterations: number, seed: number) => fuzzTarget(seeds, PREFETCH, iterations, seed);

export const saveCrasher = (input: Uint8Array): string => keepIn(CRASHERS_DIR, input);
