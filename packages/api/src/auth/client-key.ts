import { parseClientKey } from '@quarry/crypto';
import { AppError } from '../errors/app-error.js';

/** Parses X-Service-Api-Enc-Key: absent gives null; present but malformed is an error. */
export function readClientKey(header: string | null | undefined): Buffer | null {
  if (header === undefined || header === null || header === '') return null;
  const key = parseClientKey(header);
  if (!key) throw new AppError('INVALID_KEY_FORMAT', 'X-Service-Api-Enc-Key is invalid');
  return key;
}
