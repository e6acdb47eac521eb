import { crc32 } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { decompressMam, PrefetchError, readMamHeader } from '../src/index.js';
import { compressLzxpressHuffman, wrapMam } from './helpers/lzxpress-encoder.js';
import { randomBytes } from './helpers/random.js';

function thrown(run: () => unknown): PrefetchError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PrefetchError);
    return error as PrefetchError;
  }
  throw new Error('expected a PrefetchError');
}

describe('MAM container', () => {
  const payload = randomBytes(3000, 7);
  const compressed = compressLzxpressHuffman(payload);

  test('MAM\\x04: header, then the stream', () => {
    const file = wrapMam(compressed, payload.length);
    const { header, data } = decompressMam(file);
    expect(header).toMatchObject({ signature: 'MAM\\x04', compressionFormat: 4, hasChecksum: false, uncompressedSize: 3000, dataOffset: 8 });
    expect(data).toEqual(payload);
  });

  test('MAM\\x84: CRC32 verified before decompression', () => {
    const file = wrapMam(compressed, payload.length, crc32);
    const { header, data } = decompressMam(file);
    expect(header).toMatchObject({ signature: 'MAM\\x84', hasChecksum: true, dataOffset: 12 });
    expect(header.storedCrc32).toBe(new DataView(file.buffer).getUint32(8, true));
    expect(data).toEqual(payload);
  });

  test('MAM\\x84 with a flipped data bit fails the CRC check', () => {
    const file = wrapMam(compressed, payload.length, crc32);
    file[100] = (file[100] as number) ^ 1;
    const error = thrown(() => decompressMam(file));
    expect(error).toMatchObject({ format: 'MAM', structure: 'file header', offset: 8 });
    expect(error.message).toMatch(/CRC32 mismatch/);
  });

  test('rejects other compression formats, oversize claims and short headers', () => {
    const file = wrapMam(compressed, payload.length);
    file[3] = 0x03;
    expect(thrown(() => decompressMam(file)).message).toMatch(/unsupported compression format 3/);
    expect(thrown(() => decompressMam(wrapMam(compressed, 1000), 999)).message).toMatch(/exceeds limit 999/);
    expect(thrown(() => readMamHeader(Uint8Array.from([0x4d, 0x41, 0x4d, 0x84, 0, 0, 0, 0])))).toMatchObject({ needed: 12, available: 8 });
  });
});
