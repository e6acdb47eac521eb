/**
 * X-Service-Api-Enc-Key: base64 of exactly 32 bytes, standard (`+/`) or URL-safe (`-_`)
 * alphabet, padding optional. 32 bytes take 43 symbols; the last symbol carries 2 unused bits
 * that must be zero, so each key has exactly one spelling per alphabet (no aliases of a key).
 */
const STANDARD = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=?$/;
const URL_SAFE = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]=?$/;

/** Parses the header value into the 32-byte client key, or null when it is not one. */
export function parseClientKey(header: string): Buffer | null {
  if (typeof header !== 'string') return null;
  // HTTP strips optional whitespace around field values; be as lenient when called directly.
  const value = header.trim();
  if (STANDARD.test(value)) return Buffer.from(value, 'base64');
  if (URL_SAFE.test(value)) return Buffer.from(value, 'base64url');
  return null;
}

/** Formats a key as the header expects (standard base64 with padding, like `openssl rand -base64 32`). */
export function formatClientKey(key: Uint8Array): string {
  return Buffer.from(key.buffer, key.byteOffset, key.byteLength).toString('base64');
}
