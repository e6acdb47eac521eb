import { mulberry32 as rng } from '@quarry/testkit';

export { rng };

export function randomBytes(length: number, seed: number): Uint8Array {
  const next = rng(seed);
  return Uint8Array.from({ length }, () => Math.floor(next() * 256));
}
