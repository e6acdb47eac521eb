import { join } from 'node:path';
import { INTERESTING_U32, byteMutations, fuzz as fuzzTarget, saveCrasher as keepIn } from '@quarry/testkit';
import { ShortcutError } from '../../src/index.js';

export const CRASHERS_DIR = join(import.meta.dirname, '..', 'fixtures', 'jumplist-crashers');
/** 0xFFFFFFFE is the compound file's end-of-chain sector number. */
const MUTATIONS = byteMutations([...INTERESTING_U32, 0xfffffffe]);

/** Runs `parse` on `iterations` mutants of each seed; anything but a result or a ShortcutError, or a slow parse, fails. */
export const fuzz = (seeds: { name: string; bytes: Uint8Array }[], parse: (bytes: Uint8Array) => unknown, iterations: number, seed: number) =>
  fuzzTarget(seeds, { parse, rejects: (error) => error instanceof ShortcutError, mutations: MUTATIONS }, iterations, seed);

export const saveCrasher = (input: Uint8Array): string => keepIn(CRASHERS_DIR, input);
