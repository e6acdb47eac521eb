import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SHARED_DIR } from '@quarry/testkit';
import type { Transform } from 'node:stream';

/** The read-only shared material (samples, spec); null when this checkout has none. */
export function sharedDir(): string | null {
  return existsSync(SHARED_DIR) ? SHARED_DIR : null;
}

/** Deterministic pseudo-random bytes (xorshift32), so failures reproduce from the seed. */
export function prng(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

export function pseudoRandomBytes(length: number, seed: number): Buffer {
  const next = prng(seed);
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) out[i] = next(256);
  return out;
}

/** Splits `data` into chunks of the given sizes (cycled), to feed streams hostile chunkings. */
export function* chunked(data: Buffer, sizes: number[]): Generator<Buffer> {
  let pos = 0;
  let i = 0;
  while (pos < data.length) {
    const n = Math.max(1, sizes[i++ % sizes.length]!);
    yield data.subarray(pos, pos + n);
    pos += n;
  }
}

/** Runs `data` (as the given chunks) through a Transform and collects the output. */
export async function through(transform: Transform, chunks: Iterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  await pipeline(Readable.from(chunks), transform, async (out: AsyncIterable<Buffer>) => {
    for await (const part of out) parts.push(part);
  });
  return Buffer.concat(parts);
}
