import { describe, expect, test } from 'vitest';
import { CryptoError, WRAPPED_KEY_BYTES, WrongKeyError, newDataKey, unwrapKey, wrapKey } from '../src/index.js';

describe('wrapKey / unwrapKey', () => {
  test('round trip with fresh salt and nonce every time', () => {
    const clientKey = newDataKey();
    const dataKey = newDataKey();
    const a = wrapKey(dataKey, clientKey);
    const b = wrapKey(dataKey, clientKey);
    expect(a).toHaveLength(WRAPPED_KEY_BYTES);
    expect(a.equals(b)).toBe(false);
    expect(unwrapKey(a, clientKey).equals(dataKey)).toBe(true);
    expect(unwrapKey(b, clientKey).equals(dataKey)).toBe(true);
    expect(a.includes(dataKey)).toBe(false);
  });

  test('a wrong client key throws WrongKeyError, never a key', () => {
    const wrapped = wrapKey(newDataKey(), newDataKey());
    for (let i = 0; i < 50; i++) expect(() => unwrapKey(wrapped, newDataKey())).toThrow(WrongKeyError);
  });

  test('every altered byte is detected', () => {
    const clientKey = newDataKey();
    const wrapped = wrapKey(newDataKey(), clientKey);
    for (let i = 0; i < wrapped.length; i++) {
      for (const mask of [0x01, 0x80]) {
        const bad = Buffer.from(wrapped);
        bad[i]! ^= mask;
        // The version byte is refused as a format error, everything else fails authentication.
        expect(() => unwrapKey(bad, clientKey)).toThrow(i === 0 ? CryptoError : WrongKeyError);
      }
    }
  });

  test('malformed blobs and keys are refused with CryptoError', () => {
    const clientKey = newDataKey();
    const wrapped = wrapKey(newDataKey(), clientKey);
    expect(() => unwrapKey(wrapped.subarray(0, WRAPPED_KEY_BYTES - 1), clientKey)).toThrow(/expected 93 bytes, got 92/);
    expect(() => unwrapKey(Buffer.concat([wrapped, Buffer.of(0)]), clientKey)).toThrow(CryptoError);
    expect(() => unwrapKey(wrapped, clientKey.subarray(0, 16))).toThrow(/client key: must be 32 bytes, got 16/);
    expect(() => wrapKey(Buffer.alloc(31), clientKey)).toThrow(/data key: must be 32 bytes/);
  });
});
