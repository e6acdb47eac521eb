import { randomBytes } from 'node:crypto';
import { CryptoError, WrongKeyError, assertKey } from './errors.js';
import { NONCE_BYTES, TAG_BYTES, gcmOpen, gcmSeal } from './gcm.js';
import { deriveKey } from './kdf.js';

/**
 * Wrapped key layout (93 bytes):
 *   0  u8   version (1)
 *   1  [32] HKDF salt
 *  33  [12] GCM nonce
 *  45  [32] encrypted data key
 *  77  [16] GCM tag
 * The version and salt are authenticated as associated data.
 */
const VERSION = 1;
const SALT_BYTES = 32;
const HEADER_BYTES = 1 + SALT_BYTES;
export const WRAPPED_KEY_BYTES = HEADER_BYTES + NONCE_BYTES + 32 + TAG_BYTES;
const INFO = 'quarry/wrap-key/v1';

/** A fresh random 32-byte data key (AES-256). */
export function newDataKey(): Buffer {
  return randomBytes(32);
}

/** Encrypts `dataKey` under a key derived from `clientKey` with a fresh salt and nonce. */
export function wrapKey(dataKey: Uint8Array, clientKey: Uint8Array): Buffer {
  assertKey(dataKey, 'data key');
  assertKey(clientKey, 'client key');
  const header = Buffer.alloc(HEADER_BYTES);
  header[0] = VERSION;
  randomBytes(SALT_BYTES).copy(header, 1);
  const nonce = randomBytes(NONCE_BYTES);
  const kek = deriveKey(clientKey, header.subarray(1), INFO);
  return Buffer.concat([header, nonce, gcmSeal(kek, nonce, dataKey, header)]);
}

/** Recovers the data key; throws WrongKeyError when `clientKey` is not the key it was wrapped under. */
export function unwrapKey(wrapped: Uint8Array, clientKey: Uint8Array): Buffer {
  assertKey(clientKey, 'client key');
  if (wrapped.length !== WRAPPED_KEY_BYTES) {
    throw new CryptoError(`expected ${WRAPPED_KEY_BYTES} bytes, got ${wrapped.length}`, 'wrapped key', 0);
  }
  if (wrapped[0] !== VERSION) throw new CryptoError(`unsupported version ${wrapped[0]}`, 'wrapped key', 0);
  const header = wrapped.subarray(0, HEADER_BYTES);
  const nonce = wrapped.subarray(HEADER_BYTES, HEADER_BYTES + NONCE_BYTES);
  const kek = deriveKey(clientKey, header.subarray(1), INFO);
  const key = gcmOpen(kek, nonce, wrapped.subarray(HEADER_BYTES + NONCE_BYTES), header);
  if (!key) throw new WrongKeyError('the key does not open this wrapped key', 'wrapped key');
  return key;
}
