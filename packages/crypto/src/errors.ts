/**
 * The error type of this library. `structure` names what was being read (`client key`,
 * `wrapped key`, `stream header`, `segment`, `sealed buffer`, `payload`); `offset` is the byte
 * offset in that input where the problem was found (-1 when not tied to a position).
 */
export class CryptoError extends Error {
  override readonly name: string = 'CryptoError';
  constructor(
    message: string,
    readonly structure: string,
    readonly offset: number = -1,
  ) {
    super(offset >= 0 ? `${structure} at offset ${offset}: ${message}` : `${structure}: ${message}`);
  }
}

/** A wrapped key did not authenticate under the given client key (wrong key or altered blob). */
export class WrongKeyError extends CryptoError {
  override readonly name: string = 'WrongKeyError';
}

/**
 * Ciphertext failed authentication: altered, truncated, reordered, spliced, or opened with the
 * wrong key (AES-GCM cannot tell these apart, and never returns unauthenticated plaintext).
 */
export class IntegrityError extends CryptoError {
  override readonly name: string = 'IntegrityError';
}

/** Throws unless `key` is exactly 32 bytes: every key in this library is an AES-256 key. */
export function assertKey(key: Uint8Array, what: string): void {
  if (!(key instanceof Uint8Array) || key.length !== 32) {
    throw new CryptoError(`must be 32 bytes, got ${key instanceof Uint8Array ? key.length : typeof key}`, what);
  }
}
