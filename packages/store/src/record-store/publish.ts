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

/**
 * Starts the kernel writing a file being built out to disk: while it is built, so publish's sync
 * at the end has little left to write (a million EVTX records make a 620 MiB store, which the
 * kernel otherwise holds dirty until that sync, 0.3 s of waiting at the build's end). A failure
 * changes nothing: the file may not exist yet, and publish syncs it anyway.
 */
export async function writeBack(path: string): Promise<void> {
  try {
    await sync(path, 'r+');
  } catch {
    // Nothing to do: see above.
  }
}

export async function discard(path: string): Promise<void> {
  await rm(path, { force: true });
}
