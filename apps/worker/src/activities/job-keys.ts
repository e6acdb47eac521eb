import { unwrapKey } from '@quarry/crypto';
import { unusable } from './unusable.js';

export const clientKeyOf = (b64: string | null): Buffer | null => (b64 ? Buffer.from(b64, 'base64') : null);

/** A private job's result key, unwrapped with the caller's key; null for a public job. */
export function jobKeyOf(wrapped: Uint8Array | null, clientKey: Buffer | null): Buffer | null {
  if (!wrapped) return null;
  if (!clientKey) throw unusable('This private job needs the encryption key it was created with');
  try {
    return unwrapKey(Buffer.from(wrapped), clientKey);
  } catch {
    throw unusable('The encryption key does not open this job');
  }
}
