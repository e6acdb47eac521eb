import { mulberry32 as rng } from '@quarry/testkit';

export { rng };

/** One edit to a buffer; a list of them is a replayable recipe for a crasher fixture. */
export type Mutation = { op: 'set'; at: number; hex: string } | { op: 'truncate'; length: number };

/** Values that tend to break parsers: zero, all-ones, sign bits, off-by-one sizes, huge counts. */
const INTERESTING = [0, 1, 4, 8, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000, 0xfffffff8, 0xffffffff];

export function randomMutations(len: number, rand: () => number, focus?: { start: number; end: number }): Mutation[] {
  const out: Mutation[] = [];
  const n = 1 + Math.floor(rand() * 24);
  const lo = focus?.start ?? 0;
  const hi = Math.min(focus?.end ?? len, len);
  for (let i = 0; i < n; i++) {
    const at = lo + Math.floor(rand() * Math.max(1, hi - lo - 4));
    const r = rand();
    if (r < 0.45) {
      out.push({
        op: 'set',
        at,
        hex: Math.floor(rand() * 256)
          .toString(16)
          .padStart(2, '0'),
      });
    } else if (r < 0.9) {
      const v = INTERESTING[Math.floor(rand() * INTERESTING.length)]!;
      const b = Buffer.alloc(4);
      b.writeUInt32LE(v >>> 0);
      out.push({ op: 'set', at: at & ~3, hex: b.toString('hex') });
    } else if (r < 0.95) {
      out.push({ op: 'truncate', length: Math.floor(rand() * len) });
    } else {
      // Point a field at some other cell: makes wrong-type references, shared lists and cycles.
      const b = Buffer.alloc(4);
      b.writeUInt32LE(Math.max(0, Math.floor(rand() * len) - 4096) & ~7);
      out.push({ op: 'set', at: at & ~3, hex: b.toString('hex') });
    }
  }
  return out;
}

export function applyMutations(src: Buffer, muts: Mutation[]): Buffer {
  let buf = Buffer.from(src);
  for (const m of muts) {
    if (m.op === 'truncate') buf = buf.subarray(0, Math.min(m.length, buf.length));
    else Buffer.from(m.hex, 'hex').copy(buf, Math.min(m.at, buf.length));
  }
  return buf;
}
