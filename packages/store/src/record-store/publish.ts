import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

async function sync(path: string, flags: 'r' | 'r+'): Promise<void> {
  const fh = await open(path, flags);
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/**
 * Makes a finished file the published store: synced, renamed over the final name (readers see the
 * old store or the new one, never a partial file) and the rename itself synced.
 */
export async function publish(temp: string, final: string): Promise<void> {
  await sync(temp, 'r+');
  await rename(temp, final);
  await sync(dirname(final), 'r');
}

export async function discard(path: string): Promise<void> {
  await rm(path, { force: true });
}
