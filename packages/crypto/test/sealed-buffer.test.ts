import { describe, expect, test } from 'vitest';
import { IntegrityError, newDataKey, openBuffer, sealBuffer } from '../src/index.js';
import { pseudoRandomBytes } from './helpers.js';

describe('sealBuffer / openBuffer', () => {
  test('round trip for sizes 0..4096 and 1 MiB, with and without associated data', () => {
    const key = newDataKey();
    for (const size of [0, 1, 15, 16, 17, 4096, 1 << 20]) {
      const plain = pseudoRandomBytes(size, size + 1);
      const sealed = sealBuffer(plain, key);
      expect(sealed.length).toBe(size + 29);
      expect(openBuffer(sealed, key).equals(plain)).toBe(true);
      const bound = sealBuffer(plain, key, Buffer.from('job-1'));
      expect(openBuffer(bound, key, Buffer.from('job-1')).equals(plain)).toBe(true);
      expect(() => openBuffer(bound, key, Buffer.from('job-2'))).toThrow(IntegrityError);
      expect(() => openBuffer(bound, key)).toThrow(IntegrityError);
    }
  });

  test('wrong key, altered bytes and truncation throw IntegrityError', () => {
    const key = newDataKey();
    const sealed = sealBuffer(Buffer.from('{"insights":[]}'), key);
    expect(() => openBuffer(sealed, newDataKey())).toThrow(IntegrityError);
    for (let i = 0; i < sealed.length; i++) {
      const bad = Buffer.from(sealed);
      bad[i]! ^= 0x04;
      expect(() => openBuffer(bad, key)).toThrow(IntegrityError);
    }
    for (let n = 0; n < sealed.length; n++) expect(() => openBuffer(sealed.subarray(0, n), key)).toThrow(IntegrityError);
  });
});
