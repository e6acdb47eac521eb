import { randomBytes } from 'node:crypto';
import { StorageError } from './errors.js';

/**
 * Blob keys are 8..128 characters of [A-Za-z0-9_-]: no separators and no dots, so a key can never
 * name a path outside its shard, a hidden temp file, or `.`/`..`.
 */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/** A fresh key: 128 random bits as 32 lowercase hex characters (also spreads keys evenly over shards). */
export function newBlobKey(): string {
  return randomBytes(16).toString('hex');
}

export function isValidBlobKey(key: unknown): key is string {
  return typeof key === 'string' && KEY_PATTERN.test(key);
}

export function assertBlobKey(key: unknown): asserts key is string {
  if (!isValidBlobKey(key)) {
    const shown = typeof key === 'string' ? JSON.stringify(key.slice(0, 140)) : typeof key;
    throw new StorageError('INVALID_KEY', String(key), `invalid blob key ${shown}: expected 8..128 of [A-Za-z0-9_-]`);
  }
}
