import type { SharedFiles } from './shared-files.js';

export interface DropDeletedOptions {
  everyMs: number;
  onDropped(count: number): void;
  onError(err: unknown): void;
}

/**
 * Runs `files.dropDeleted()` on a timer that does not keep the process alive, so copies of files
 * other nodes deleted leave this node within `everyMs`. Returns the function that stops it.
 */
export function dropDeletedEvery(files: SharedFiles, options: DropDeletedOptions): () => void {
  const timer = setInterval(() => {
    files.dropDeleted().then((count) => {
      if (count > 0) options.onDropped(count);
    }, options.onError);
  }, options.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
