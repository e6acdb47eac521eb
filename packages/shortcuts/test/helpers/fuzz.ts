import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from '@quarry/testkit';
import { parseShellLink, ShortcutError } from '../../src/index.js';

export const CRASHERS_DIR = join(import.meta.dirname, '..', 'fixtures', 'crashers');
/** One parse of a sample-sized input taking longer than this counts as a hang. */
export const PARSE_TIME_LIMIT_MS = 2000;

const INTERESTING_U32 = [0, 1, 0x7f, 0x80, 0xff, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xffffffff];

/** One random mutation: bit flips, byte, u16 or u32 overwrites, truncation, or a block copied elsewhere. */
export function mutate(input: Uint8Array, next: () => number): Uint8Array {
  let data = new Uint8Array(input);
  const pick = (n: number) => Math.floor(next() * n);
  const edits = 1 + pick(4);
  for (let e = 0; e < edits && data.length > 0; e++) {
    const at = pick(data.length);
    switch (pick(7)) {
      case 0:
        data[at] = (data[at] as number) ^ (1 << pick(8));
        break;
      case 1:
        data[at] = pick(256);
        break;
      case 2: {
        if (data.length < 4) break;
        const v = INTERESTING_U32[pick(INTERESTING_U32.length)] as number;
        new DataView(data.buffer, data.byteOffset).setUint32(Math.min(at, data.length - 4), v, true);
        break;
      }
      case 3:
        data = data.subarray(0, at);
        break;
      case 4: {
        data.copyWithin(pick(data.length), at, at + pick(64));
        break;
      }
      case 5: {
        // Sizes and offsets in links are mostly 16-bit: hit them with edge values.
        if (data.length < 2) break;
        new DataView(data.buffer, data.byteOffset).setUint16(Math.min(at, data.length - 2), [0, 1, 2, 0x7fff, 0xffff][pick(5)] as number, true);
        break;
      }
      default: {
        // Keep the header's signature intact more often than not so mutants reach the structures.
        const past = 20 + pick(Math.max(1, Math.min(400, data.length - 20)));
        if (past < data.length) data[past] = pick(256);
      }
    }
  }
  return new Uint8Array(data);
}

export interface FuzzFailure {
  seed: string;
  iteration: number;
  reason: string;
  input: Uint8Array;
}

/** Parses `iterations` mutants of each seed; anything but a result or ShortcutError, or a slow parse, fails. */
export function fuzz(
  seeds: { name: string; bytes: Uint8Array }[],
  iterations: number,
  seed: number,
): { runs: number; rejected: number; failures: FuzzFailure[] } {
  const next = mulberry32(seed);
  const failures: FuzzFailure[] = [];
  let runs = 0;
  let rejected = 0;
  for (const s of seeds) {
    for (let i = 0; i < iterations; i++) {
      const input = mutate(s.bytes, next);
      const started = performance.now();
      try {
        const link = parseShellLink(input);
        // The result must be plain data whose sizes account for every byte.
        JSON.stringify(link);
        if (link.linkSize + link.appendedBytes !== input.length) throw new Error(`sizes ${link.linkSize} + ${link.appendedBytes} != ${input.length}`);
      } catch (error) {
        if (error instanceof ShortcutError) rejected++;
        else failures.push({ seed: s.name, iteration: i, reason: String((error as Error)?.stack ?? error), input });
      }
      const ms = performance.now() - started;
      if (ms > PARSE_TIME_LIMIT_MS) failures.push({ seed: s.name, iteration: i, reason: `parse took ${ms.toFixed(0)} ms`, input });
      runs++;
    }
  }
  return { runs, rejected, failures };
}

/** Keeps a failing input as a fixture named by its content hash. */
export function saveCrasher(input: Uint8Array): string {
  mkdirSync(CRASHERS_DIR, { recursive: true });
  const name = `${createHash('sha256').update(input).digest('hex').slice(0, 16)}.bin`;
  writeFileSync(join(CRASHERS_DIR, name), input);
  return name;
}
