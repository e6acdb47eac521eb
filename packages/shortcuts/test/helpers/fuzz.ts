import { join } from 'node:path';
import { byteMutations, fuzz as fuzzTarget, saveCrasher as keepIn, type FuzzTarget, type Mutation } from '@quarry/testkit';
import { parseShellLink, ShortcutError } from '../../src/index.js';

export const CRASHERS_DIR = join(import.meta.dirname, '..', 'fixtures', 'crashers');

/** Sizes and offsets in links are mostly 16-bit: hit them with edge values. */
const u16Edge: Mutation = (data, at, pick) => {
  if (data.length < 2) return data;
  new DataView(data.buffer, data.byteOffset).setUint16(Math.min(at, data.length - 2), [0, 1, 2, 0x7fff, 0xffff][pick(5)] as number, true);
  return data;
};

/** Keep the header's signature intact more often than not so mutants reach the structures. */
const pastHeader: Mutation = (data, _at, pick) => {
  const past = 20 + pick(Math.max(1, Math.min(400, data.length - 20)));
  if (past < data.length) data[past] = pick(256);
  return data;
};

const LINK: FuzzTarget = {
  parse: (bytes) => {
    const link = parseShellLink(bytes);
    // The sizes must account for every byte.
    if (link.linkSize + link.appendedBytes !== bytes.length) throw new Error(`sizes ${link.linkSize} + ${link.appendedBytes} != ${bytes.length}`);
    return link;
  },
  rejects: (error) => error instanceof ShortcutError,
  mutations: [...byteMutations(), u16Edge, pastHeader],
};

/** Parses `iterations` mutants of each seed; anything but a result or ShortcutError, or a slow parse, fails. */
export const fuzz = (seeds: { name: string; bytes: Uint8Array }[], iterations: number, seed: number) => fuzzTarget(seeds, LINK, iterations, seed);

export const saveCrasher = (input: Uint8Array): string => keepIn(CRASHERS_DIR, input);
