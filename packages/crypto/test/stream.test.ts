import { Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { CryptoError, IntegrityError, SEGMENT_SIZE, createDecryptStream, createEncryptStream, decryptToBuffer, newDataKey } from '../src/index.js';
import { chunked, pseudoRandomBytes, through } from './helpers.js';

const HEADER = 32;
const TAG = 16;
const SEALED = SEGMENT_SIZE + TAG;

const encrypt = (data: Buffer, key: Buffer, sizes = [data.length || 1]) => through(createEncryptStream(key), chunked(data, sizes));
const expectedLength = (n: number) => HEADER + Math.max(1, Math.ceil(n / SEGMENT_SIZE)) * TAG + n;

/** Splits ciphertext into [header, segment 0, segment 1, ...]. */
function split(ct: Buffer): Buffer[] {
  const parts = [ct.subarray(0, HEADER)];
  for (let pos = HEADER; pos < ct.length; pos += SEALED) parts.push(ct.subarray(pos, pos + SEALED));
  return parts;
}

async function expectIntegrityError(ct: Buffer, key: Buffer, message?: RegExp): Promise<IntegrityError> {
  const err = await decryptToBuffer(ct, key).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(IntegrityError);
  if (message) expect((err as Error).message).toMatch(message);
  return err as IntegrityError;
}

const SIZES = [0, 1, SEGMENT_SIZE - 1, SEGMENT_SIZE, SEGMENT_SIZE + 1, 2 * SEGMENT_SIZE, 3 * 1024 * 1024 + 7];

describe('segmented stream round trip', () => {
  test.each(SIZES)('%i bytes, whole-buffer and hostile chunkings', async (size) => {
    const key = newDataKey();
    const plain = pseudoRandomBytes(size, size + 17);
    const ct = await encrypt(plain, key);
    expect(ct.length).toBe(expectedLength(size));
    expect(ct.subarray(0, 4).toString('latin1')).toBe('QRYS');
    // Byte-by-byte writes are slow through streams, so they are used up to two segments only.
    const chunkings = [[ct.length || 1], [7, 13, 4096], [HEADER - 1, SEALED + 1], [SEALED]];
    if (size <= 2 * SEGMENT_SIZE) chunkings.push([1]);
    for (const sizes of chunkings) {
      const back = await through(createDecryptStream(key), chunked(ct, sizes));
      expect(back.equals(plain), `chunks ${sizes.join(',')}`).toBe(true);
    }
    // Encrypting from odd chunkings gives the same layout (segments do not follow write sizes).
    const odd = await encrypt(plain, key, [1, 3, 65_537, 100]);
    expect(odd.length).toBe(ct.length);
    expect((await decryptToBuffer(Readable.from(chunked(odd, [999])), key)).equals(plain)).toBe(true);
  });

  test('two encryptions of the same data differ (fresh salt and nonce prefix)', async () => {
    const key = newDataKey();
    const plain = Buffer.alloc(1000, 7);
    const [a, b] = [await encrypt(plain, key), await encrypt(plain, key)];
    expect(a.equals(b)).toBe(false);
    expect(a.includes(plain.subarray(0, 64))).toBe(false);
  });
});

describe('segmented stream integrity', () => {
  const key = newDataKey();
  const plain = pseudoRandomBytes(3 * SEGMENT_SIZE + 100, 99);
  const ctPromise = encrypt(plain, key);

  test('wrong key', async () => {
    await expectIntegrityError(await ctPromise, newDataKey(), /segment 0 failed authentication/);
  });

  test('every header byte and sampled segment bytes are protected', async () => {
    const ct = await ctPromise;
    const positions = [...Array(HEADER).keys()];
    for (let p = HEADER; p < ct.length; p += 4099) positions.push(p);
    positions.push(ct.length - 1, HEADER + SEALED - 1, HEADER + SEALED);
    for (const p of positions) {
      const bad = Buffer.from(ct);
      bad[p]! ^= 0x10;
      await expectIntegrityError(bad, key);
    }
  });

  test('the error locates the failing segment', async () => {
    const bad = Buffer.from(await ctPromise);
    bad[HEADER + 2 * SEALED + 5]! ^= 1;
    const err = await expectIntegrityError(bad, key, /segment 2 failed/);
    expect(err.structure).toBe('segment');
    expect(err.offset).toBe(HEADER + 2 * SEALED);
  });

  test('truncation anywhere is detected, including at segment boundaries', async () => {
    const ct = await ctPromise;
    const cuts = [0, 1, HEADER - 1, HEADER, HEADER + 1, HEADER + TAG - 1, HEADER + SEALED, HEADER + 2 * SEALED, HEADER + 3 * SEALED, ct.length - 1];
    for (const cut of cuts) await expectIntegrityError(ct.subarray(0, cut), key);
    await expectIntegrityError(ct.subarray(0, HEADER), key, /final segment is missing/);
    await expectIntegrityError(ct.subarray(0, 10), key, /stream header.*truncated/);
  });

  test('reordered, dropped, duplicated and extended streams are detected', async () => {
    const [header, s0, s1, s2, last] = split(await ctPromise) as [Buffer, Buffer, Buffer, Buffer, Buffer];
    const cases = {
      swapped: [header, s1, s0, s2, last],
      dropped: [header, s0, s2, last],
      duplicated: [header, s0, s0, s1, s2, last],
      lastMoved: [header, s0, s1, last, s2],
      extended: [header, s0, s1, s2, last, Buffer.alloc(1)],
      extendedByTag: [header, s0, s1, s2, last, last.subarray(-TAG)],
    };
    for (const [name, parts] of Object.entries(cases)) {
      const err = await decryptToBuffer(Buffer.concat(parts), key).catch((e: unknown) => e);
      expect(err, name).toBeInstanceOf(IntegrityError);
    }
  });

  test('segments spliced from another stream under the same key are detected', async () => {
    const other = split(await encrypt(pseudoRandomBytes(3 * SEGMENT_SIZE + 100, 5), key));
    const mine = split(await ctPromise);
    await expectIntegrityError(Buffer.concat([mine[0]!, mine[1]!, other[2]!, mine[3]!, mine[4]!]), key);
    await expectIntegrityError(Buffer.concat([other[0]!, ...mine.slice(1)]), key);
  });

  test('non-stream input and hostile headers are refused before any output', async () => {
    const ct = await ctPromise;
    await expectIntegrityError(Buffer.concat([Buffer.from('MZ'), ct]), key, /bad magic/);
    const badVersion = Buffer.from(ct);
    badVersion[4] = 2;
    await expectIntegrityError(badVersion, key, /unsupported version 2/);
    const hugeSegments = Buffer.from(ct);
    hugeSegments.writeUInt32BE(0xffffffff, 5);
    await expectIntegrityError(hugeSegments, key, /segment size 4294967295 outside/);
  });

  test('keys must be 32 bytes', () => {
    expect(() => createEncryptStream(Buffer.alloc(16))).toThrow(CryptoError);
    expect(() => createDecryptStream(Buffer.alloc(33))).toThrow(CryptoError);
  });

  test('no plaintext of a failing segment is emitted', async () => {
    const ct = Buffer.from(await ctPromise);
    ct[HEADER + SEALED + 3]! ^= 1; // segment 1 altered
    const out: Buffer[] = [];
    const dec = createDecryptStream(key);
    dec.on('data', (b: Buffer) => out.push(b));
    const done = new Promise((resolve) => dec.on('error', resolve));
    dec.end(ct);
    expect(await done).toBeInstanceOf(IntegrityError);
    expect(Buffer.concat(out).equals(plain.subarray(0, SEGMENT_SIZE))).toBe(true);
  });
});
