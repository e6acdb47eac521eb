/** The seed Windows uses for registry log entry hashes (0x82EF4D887A4E55C5). */
export const LOG_ENTRY_SEED = 0x82ef4d887a4e55c5n;

function rotl(x: number, n: number): number {
  return ((x << n) | (x >>> (32 - n))) >>> 0;
}

/** Marvin32 over buf[start, end), 64-bit result. Works on 32-bit lanes to stay off bigint in the loop. */
export function marvin32(buf: Buffer, start: number, end: number, seed: bigint = LOG_ENTRY_SEED): bigint {
  let lo = Number(seed & 0xffffffffn);
  let hi = Number(seed >> 32n);
  const mix = (): void => {
    hi = (hi ^ lo) >>> 0;
    lo = rotl(lo, 20);
    lo = (lo + hi) >>> 0;
    hi = rotl(hi, 9);
    hi = (hi ^ lo) >>> 0;
    lo = rotl(lo, 27);
    lo = (lo + hi) >>> 0;
    hi = rotl(hi, 19);
  };
  let p = start;
  for (; p + 4 <= end; p += 4) {
    lo = (lo + buf.readUInt32LE(p)) >>> 0;
    mix();
  }
  // Tail: remaining bytes followed by a 0x80 terminator byte, zero-padded to 32 bits.
  let last = 0x80;
  const rest = end - p;
  for (let i = rest - 1; i >= 0; i--) last = (last << 8) | buf[p + i]!;
  lo = (lo + (last >>> 0)) >>> 0;
  mix();
  mix();
  return (BigInt(hi) << 32n) | BigInt(lo);
}
