import type { Logger } from '@quarry/config';
import type { SharedFiles } from './shared-files.js';

/** How long a node may keep its cached copy of a file another node deleted (a deleted job's store). */
export const DROP_DELETED_EVERY_MS = 60 * 60 * 1000;

/**
 * Runs `files.dropDeleted()` on a timer that does not keep the process alive, so copies of files
 * other nodes deleted leave this node within DROP_DELETED_EVERY_MS. Returns the function that stops it.
 */
export function dropDeletedHourly(files: SharedFiles, log: Pick<Logger, 'info' | 'warn'>): () => void {
  const timer = setInterval(() => {
    files.dropDeleted().then(
      (dropped) => {
        if (dropped > 0) log.info({ dropped }, 'cached record stores of deleted jobs dropped');
      },
      (err: unknown) => log.warn({ err }, 'cached record stores of deleted jobs could not be checked'),
    );
  }, DROP_DELETED_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
