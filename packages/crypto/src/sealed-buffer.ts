import { randomBytes } from 'node:crypto';
import { IntegrityError, assertKey } from './errors.js';
import { NONCE_BYTES, TAG_BYTES, gcmOpen, gcmSeal } from './gcm.js';

/**
 * Sealed buffer layout, for small payloads held in memory (job results):
 *   0  u8   version (1)
 *   1  [12] random GCM nonce
 *  13  ...  ciphertext, then the 16-byte tag
 * Associated data = version byte || caller's `associatedData` (binds the box to a context).
 */
const VERSION = 1;
const OVERHEAD = 1 + NONCE_BYTES + TAG_BYTES;

const aadOf = (associatedData?: Uint8Array) => (associatedData ? Buffer.concat([Buffer.of(VERSION), associatedData]) : Buffer.of(VERSION));

/** Encrypts and authenticates `plaintext` under `key` with a fresh random nonce. */
export function sealBuffer(plaintext: Uint8Array, key: Uint8Array, associatedData?: Uint8Array): Buffer {
  assertKey(key, 'sealing key');
  const nonce = randomBytes(NONCE_BYTES);
  return Buffer.concat([Buffer.of(VERSION), nonce, gcmSeal(key, nonce, plaintext, aadOf(associatedData))]);
}

/** Opens a sealed buffer; throws IntegrityError when it was altered or `key` is not the one used. */
export function openBuffer(sealed: Uint8Array, key: Uint8Array, associatedData?: Uint8Array): Buffer {
  assertKey(key, 'sealing key');
  if (sealed.length < OVERHEAD) {
    throw new IntegrityError(`truncated: needs at least ${OVERHEAD} bytes, got ${sealed.length}`, 'sealed buffer', 0);
  }
  if (sealed[0] !== VERSION) throw new IntegrityError(`unsupported version ${sealed[0]}`, 'sealed buffer', 0);
  const nonce = sealed.subarray(1, 1 + NONCE_BYTES);
  const plain = gcmOpen(key, nonce, sealed.subarray(1 + NONCE_BYTES), aadOf(associatedData));
  if (!plain) throw new IntegrityError('authentication failed (altered, or wrong key)', 'sealed buffer');
  return plain;
}
