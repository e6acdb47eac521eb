import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from './random.js';

/** One edit of a mutant at a random position `at`; returns the (possibly shortened) data. */
export type Mutation = (data: Uint8Array, at: number, pick: (n: number) => number) => Uint8Array;

/** Edge values for 32-bit counts, sizes and offsets. */
export const INTERESTING_U32 = [0, 1, 0x7f, 0x80, 0xff, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xffffffff] as const;

/** The edits every binary format meets: bit flips, byte or u32 overwrites, truncation, a block copied elsewhere. */
export function byteMutations(interesting: readonly number[] = INTERESTING_U32): Mutation[] {
  return [
    (data, at, pick) => ((data[at] = (data[at] as number) ^ (1 << pick(8))), data),
    (data, at, pick) => ((data[at] = pick(256)), data),
    (data, at, pick) => {
      if (data.length < 4) return data;
      const value = interesting[pick(interesting.length)] as number;
      new DataView(data.buffer, data.byteOffset).setUint32(Math.min(at, data.length - 4), value, true);
      return data;
    },
    (data, at) => data.subarray(0, at),
    (data, at, pick) => data.copyWithin(pick(data.length), at, at + pick(64)),
  ];
}

/** One to four random edits of a copy of `input`. */
export function mutate(input: Uint8Array, next: () => number, mutations: readonly Mutation[]): Uint8Array {
  let data: Uint8Array = new Uint8Array(input);
  const pick = (n: number) => Math.floor(next() * n);
  const edits = 1 + pick(4);
  for (let e = 0; e < edits && data.length > 0; e++) {
    const at = pick(data.length);
    data = (mutations[pick(mutations.length)] as Mutation)(data, at, pick);
  }
  return new Uint8Array(data);
}

export interface FuzzTarget {
  /** Parses one input; whatever it returns must serialise (JSON is what crosses to workers and the store). */
  parse(bytes: Uint8Array): unknown;
  /** The parser's own refusal of damaged input: counted, not a failure. */
  rejects(error: unknown): boolean;
  mutations: readonly Mutation[];
  /** One parse of a sample-sized input taking longer than this counts as a hang. */
  timeLimitMs?: number;
}

export interface FuzzFailure {
  seed: string;
  iteration: number;
  reason: string;
  input: Uint8Array;
}

/** Parses `iterations` mutants of each seed; anything but a result or the parser's own error, or a slow parse, fails. */
export function fuzz(
  seeds: { name: string; bytes: Uint8Array }[],
  target: FuzzTarget,
  iterations: number,
  seed: number,
): { runs: number; rejected: number; failures: FuzzFailure[] } {
  const next = mulberry32(seed);
  const limit = target.timeLimitMs ?? 2000;
  const failures: FuzzFailure[] = [];
  let runs = 0;
  let rejected = 0;
  for (const s of seeds) {
    for (let i = 0; i < iterations; i++) {
      const input = mutate(s.bytes, next, target.mutations);
      const started = performance.now();
      try {
        JSON.stringify(target.parse(input));
      } catch (error) {
        if (target.rejects(error)) rejected++;
        else failures.push({ seed: s.name, iteration: i, reason: String((error as Error)?.stack ?? error), input });
      }
      const ms = performance.now() - started;
      if (ms > limit) failures.push({ seed: s.name, iteration: i, reason: `parse took ${ms.toFixed(0)} ms`, input });
      runs++;
    }
  }
  return { runs, rejected, failures };
}

/** Keeps a failing input in `dir` as a fixture named by its content hash; returns the name. */
export function saveCrasher(dir: string, input: Uint8Array): string {
  mkdirSync(dir, { recursive: true });
  const name = `${createHash('sha256').update(input).digest('hex').slice(0, 16)}.bin`;
  writeFileSync(join(dir, name), input);
  return name;
}
