import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { expect, test } from 'vitest';
import { createDecryptStream, createEncryptStream, newDataKey } from '../src/index.js';
import { pseudoRandomBytes } from './helpers.js';

const TOTAL = 300 * 1024 * 1024;
/**
 * Half the stream size: a buffering implementation would need at least 300 MB. Not tighter: RSS
 * also holds chunks the GC has not yet returned, which has reached 97 MiB on a busy machine
 * (typically 40–60).
 */
const MAX_GROWTH = 150 * 1024 * 1024;

test('a 300 MB stream encrypts and decrypts in bounded memory', async () => {
  const pool = pseudoRandomBytes(1 << 20, 3);
  const sourceHash = createHash('sha256');
  const sinkHash = createHash('sha256');
  let produced = 0;
  let ciphertextBytes = 0;

  // Odd chunk sizes that do not line up with segments, drawn from a 1 MiB pool.
  const source = Readable.from(
    (function* () {
      let i = 0;
      while (produced < TOTAL) {
        const n = Math.min(TOTAL - produced, 40_000 + ((i * 7919) % 90_000));
        const start = (i++ * 104_729) % (pool.length - n);
        const chunk = pool.subarray(start, start + n);
        sourceHash.update(chunk);
        produced += n;
        yield chunk;
      }
    })(),
    { objectMode: false },
  );

  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const key = newDataKey();
  try {
    // Sampled in the sink too: the pipeline rarely yields to timers.
    const enc = createEncryptStream(key);
    enc.on('data', (b: Buffer) => (ciphertextBytes += b.length));
    await pipeline(
      source,
      enc,
      createDecryptStream(key),
      new Writable({
        write(chunk: Buffer, _enc, done) {
          peak = Math.max(peak, process.memoryUsage().rss);
          sinkHash.update(chunk);
          done();
        },
      }),
    );
  } finally {
    clearInterval(sample);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  const growth = peak - baseline;
  console.log(`300 MB stream: RSS growth ${(growth / 2 ** 20).toFixed(1)} MiB, ciphertext ${ciphertextBytes} bytes`);
  expect(produced).toBe(TOTAL);
  expect(ciphertextBytes).toBe(32 + TOTAL + (TOTAL / 65536) * 16);
  expect(sinkHash.digest('hex')).toBe(sourceHash.digest('hex'));
  expect(growth).toBeLessThan(MAX_GROWTH);
});
