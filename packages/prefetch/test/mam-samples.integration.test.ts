import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { decompressMam, isMam, parsePrefetch, PrefetchError } from '../src/index.js';
import { wrapMam } from './helpers/lzxpress-encoder.js';
import { HAVE_SAMPLES, PREFETCH_DIR, prefetchSamples, withSamples } from './helpers/shared.js';

/** The MAM container and LZXPRESS Huffman decoder on the real compressed prefetch files. */
function thrown(run: () => unknown): PrefetchError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PrefetchError);
    return error as PrefetchError;
  }
  throw new Error('expected a PrefetchError');
}

describe.skipIf(!HAVE_SAMPLES)(withSamples('decompressLzxpressHuffman on real MAM prefetch files'), () => {
  const mam = prefetchSamples().filter((s) => isMam(readFileSync(s.path)));

  test('the corpus holds 17 MAM files (16 valid, 1 corrupt)', () => {
    expect(mam).toHaveLength(17);
  });

  test.each(mam.filter((s) => !s.name.includes('bad_compression')))('$name decompresses to SCCA of the stated size', ({ path }) => {
    const { header, data } = decompressMam(readFileSync(path));
    expect(data.length).toBe(header.uncompressedSize);
    expect(new TextDecoder().decode(data.subarray(4, 8))).toBe('SCCA');
    expect(new DataView(data.buffer, data.byteOffset).getUint32(12, true)).toBe(data.length);
  });
});

describe.skipIf(!HAVE_SAMPLES)(withSamples('MAM on real files'), () => {
  test('a real MAM\\x04 file re-wrapped as MAM\\x84 parses to the same result', () => {
    const original = readFileSync(join(PREFETCH_DIR, 'Windows-Prefetch-Parser/Win10/CMD.EXE-D269B812.pf'));
    const withCrc = wrapMam(original.subarray(8), original.readUInt32LE(4), crc32);
    const a = parsePrefetch(original);
    const b = parsePrefetch(withCrc);
    expect(b.container).toMatchObject({ signature: 'MAM\\x84', checksumVerified: true });
    expect({ ...b, container: null }).toEqual({ ...a, container: null });
  });

  test('bad_compression.pf: the header claims 2.4 GB, refused before any allocation', () => {
    const error = thrown(() => parsePrefetch(readFileSync(join(PREFETCH_DIR, 'artemis/bad_data/bad_compression.pf'))));
    expect(error).toMatchObject({ format: 'MAM', structure: 'file header', offset: 4 });
    expect(error.message).toMatch(/2576980422 exceeds limit/);
  });
});
