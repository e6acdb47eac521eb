import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { isBase64Key } from '@quarry/config';
import { DevstackError } from './errors.js';

export const MASTER_KEY_FILE = 'master.key';

/**
 * The 32-byte server master key: from QUARRY_MASTER_KEY when given, else `<dataDir>/master.key`
 * (base64, mode 0600), created with a random key the first time.
 */
export function ensureMasterKey(dataDir: string, fromEnv?: string): Buffer {
  if (fromEnv !== undefined) return decode(fromEnv, 'QUARRY_MASTER_KEY');
  const file = join(dataDir, MASTER_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails if the file exists, so two starters never overwrite each other's key.
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new DevstackError('master-key', `cannot create ${file}`, { cause: error });
    }
  }
  // Tighten a key file someone made readable by others, as ssh insists for its keys.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return decode(readFileSync(file, 'utf8').trim(), file);
}

function decode(text: string, source: string): Buffer {
  if (!isBase64Key(text)) {
    throw new DevstackError('master-key', `${source} must hold the base64 of exactly 32 bytes`);
  }
  return Buffer.from(text, 'base64');
}
