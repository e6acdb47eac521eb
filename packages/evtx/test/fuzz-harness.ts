import { mulberry32 as rng } from '@quarry/testkit';
import { EvtxError, openEvtx, toXml, flattenEvent } from '../src/index.js';

export { rng };

const EXTREMES = [0, 1, 0x7f, 0x80, 0xff, 0xffff, 0x7fff, 0x10000, 0x7fffffff, 0x80000000, 0xffffffff, 24, 28, 512, 65536];

/** One mutation of `input` chosen by `seed`: bit flips, truncation, chunk shuffling, extreme sizes. */
export function mutate(input: Buffer, seed: number): Buffer {
  const r = rng(seed);
  const int = (n: number): number => Math.floor(r() * n);
  const b = Buffer.from(input);
  const kind = int(6);
  // Most of the structure worth hitting is in the first few KiB of each chunk.
  const chunks = Math.max(1, Math.floor((b.length - 4096) / 65536));
  const hot = (): number => 4096 + int(chunks) * 65536 + (r() < 0.7 ? int(8192) : int(65536));
  switch (kind) {
    case 0: {
      const flips = 1 + int(16);
      for (let i = 0; i < flips; i++) {
        const p = Math.min(b.length - 1, hot());
        b[p]! ^= 1 << int(8);
      }
      return b;
    }
    case 1:
      return b.subarray(0, int(b.length));
    case 2: {
      if (chunks < 2) return mutate(input, seed + 1);
      const x = int(chunks);
      const y = int(chunks);
      const cx = Buffer.from(b.subarray(4096 + x * 65536, 4096 + (x + 1) * 65536));
      b.copy(b, 4096 + x * 65536, 4096 + y * 65536, 4096 + (y + 1) * 65536);
      cx.copy(b, 4096 + y * 65536);
      return b;
    }
    case 3: {
      const n = 1 + int(4);
      for (let i = 0; i < n; i++) {
        const p = Math.min(b.length - 4, hot()) & ~1;
        const v = EXTREMES[int(EXTREMES.length)]!;
        if (r() < 0.5) b.writeUInt32LE(v >>> 0, p);
        else b.writeUInt16LE(v & 0xffff, p);
      }
      return b;
    }
    case 4: {
      // Chunk header fields: record ranges, offsets, free space.
      const base = 4096 + int(chunks) * 65536;
      const field = [8, 16, 24, 32, 40, 44, 48, 52][int(8)]!;
      if (base + field + 4 <= b.length) b.writeUInt32LE(EXTREMES[int(EXTREMES.length)]! >>> 0, base + field);
      return b;
    }
    default: {
      const p = hot();
      const len = 1 + int(64);
      for (let i = p; i < Math.min(b.length, p + len); i++) b[i] = int(256);
      return b;
    }
  }
}

export interface CaseResult {
  records: number;
  warnings: number;
  ms: number;
  /** Anything other than EvtxError that escaped, or a blown time budget. */
  failure?: string;
}

/** Reads a whole (mutated) file through every output path; reports what escaped. */
export async function runCase(input: Buffer, budgetMs: number): Promise<CaseResult> {
  const start = performance.now();
  let records = 0;
  let warnings = 0;
  try {
    const file = openEvtx(input, { recover: true });
    for await (const rec of file) {
      records++;
      toXml(rec);
      flattenEvent(rec.event);
    }
    warnings = file.warnings.length;
  } catch (e) {
    if (!(e instanceof EvtxError)) {
      return { records, warnings, ms: performance.now() - start, failure: String((e as Error).stack ?? e) };
    }
  }
  const ms = performance.now() - start;
  return { records, warnings, ms, failure: ms > budgetMs ? `took ${ms.toFixed(0)} ms` : undefined };
}
