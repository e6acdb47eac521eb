import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { DatasetFile } from './format.js';

const gzipAsync = promisify(gzip);

/**
 * Writes a dataset file atomically: a temporary file in the same directory, then a rename, so a
 * running service that reloads on change never reads half a file.
 */
export async function writeDatasetFile(path: string, file: DatasetFile): Promise<number> {
  const body = await gzipAsync(Buffer.from(JSON.stringify(file)), { level: constants.Z_BEST_COMPRESSION });
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, body);
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  return body.length;
}
