import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import { SEGMENT_SIZE, SegmentSealer, decryptToBuffer, newDataKey } from '../src/index.js';

/** Seals `plain` in steps, starting a new sealer (as a new request would) after every segment. */
function sealResuming(dataKey: Buffer, plain: Buffer): Buffer {
  const first = SegmentSealer.start(dataKey);
  const out: Buffer[] = [first.header];
  const segments = Math.max(1, Math.ceil(plain.length / SEGMENT_SIZE));
  for (let i = 0; i < segments; i++) {
    const sealer = i === 0 ? first : SegmentSealer.resume(dataKey, first.header, i);
    out.push(...sealer.seal(plain.subarray(i * SEGMENT_SIZE, (i + 1) * SEGMENT_SIZE), i === segments - 1));
  }
  return Buffer.concat(out);
}

test.each([0, 1, SEGMENT_SIZE, SEGMENT_SIZE + 1, 3 * SEGMENT_SIZE, 3 * SEGMENT_SIZE - 7])(
  'a stream sealed across resumptions (%i bytes) decrypts like one from createEncryptStream',
  async (size) => {
    const key = newDataKey();
    const plain = randomBytes(size);
    const sealed = sealResuming(key, plain);
    // header + plaintext + one tag per segment (an empty stream still has its one final segment)
    expect(sealed.length).toBe(32 + size + 16 * Math.max(1, Math.ceil(size / SEGMENT_SIZE)));
    expect((await decryptToBuffer(sealed, key)).equals(plain)).toBe(true);
  },
);

test('non-final segments must be whole, and nothing follows the final one', () => {
  const sealer = SegmentSealer.start(newDataKey());
  expect(() => sealer.seal(Buffer.alloc(10), false)).toThrow(/non-final segment/);
  sealer.seal(Buffer.alloc(10), true);
  expect(() => sealer.seal(Buffer.alloc(10), true)).toThrow(/already finished/);
});
