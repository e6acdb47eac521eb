import { hkdfSync } from 'node:crypto';

/** HKDF-SHA256 to 32 bytes; `info` separates the purposes one secret is used for. */
export function deriveKey(secret: Uint8Array, salt: Uint8Array, info: string, length = 32): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, salt, Buffer.from(info, 'utf8'), length));
}
