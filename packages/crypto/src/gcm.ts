import { createCipheriv, createDecipheriv } from 'node:crypto';

export const NONCE_BYTES = 12;
export const TAG_BYTES = 16;

/** AES-256-GCM seal: returns [ciphertext, tag], separate so streams need not concatenate them. */
export function gcmSealParts(key: Uint8Array, nonce: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): [Buffer, Buffer] {
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const body = cipher.update(plaintext);
  cipher.final();
  return [body, cipher.getAuthTag()];
}

/** AES-256-GCM seal: returns ciphertext || tag. */
export function gcmSeal(key: Uint8Array, nonce: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Buffer {
  return Buffer.concat(gcmSealParts(key, nonce, plaintext, aad));
}

/** AES-256-GCM open of ciphertext || tag; null when authentication fails, never partial plaintext. */
export function gcmOpen(key: Uint8Array, nonce: Uint8Array, sealed: Uint8Array, aad: Uint8Array): Buffer | null {
  if (sealed.length < TAG_BYTES) return null;
  const split = sealed.length - TAG_BYTES;
  const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  decipher.setAAD(aad);
  decipher.setAuthTag(sealed.subarray(split));
  const body = decipher.update(sealed.subarray(0, split));
  try {
    decipher.final();
  } catch {
    return null;
  }
  return body;
}
