import { StorageError } from '../errors.js';

/** A local path to read a shared file from, kept on disk until released. */
export interface FileLease {
  readonly path: string;
  /** Lets the cache evict the file again; idempotent. */
  release(): void;
}

/** One published file as a listing sees it. */
export interface SharedFile {
  name: string;
  /** When it was published, ms since the epoch. */
  modifiedMs: number;
}

/**
 * Whole files written once on one node and read on others (the per-job record stores). A writer
 * builds the file under `scratchDir` and publishes it; readers acquire a local path.
 */
export interface SharedFiles {
  /** Where to build files before publishing them (same filesystem as the local copies). */
  readonly scratchDir: string;
  /**
   * Makes `localFile` (finished, under `scratchDir`) the file `name` for every node, replacing any
   * previous one. The local file is moved, not copied: do not touch it afterwards.
   */
  publish(name: string, localFile: string): Promise<void>;
  /** A local copy of `name` to read, or null when no node has published it (or it was deleted). */
  acquire(name: string): Promise<FileLease | null>;
  /** Deletes `name` everywhere this node can reach; deleting a missing file is not an error. */
  delete(name: string): Promise<void>;
  /** Every published file, wherever it lives (the object store, not this node's cache). */
  list(): AsyncIterable<SharedFile>;
  /**
   * Drops this node's copies of files another node deleted, except those a reader holds (a later
   * pass takes them); returns how many. Nothing to do where there are no copies.
   */
  dropDeleted(): Promise<number>;
}

/** File names: no separators, no leading dot (temp files start with one), at most 200 characters. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function isFileName(name: string): boolean {
  return NAME.test(name);
}

export function assertFileName(name: string): void {
  if (!isFileName(name)) {
    throw new StorageError('INVALID_KEY', name, `invalid shared file name ${JSON.stringify(name.slice(0, 210))}: expected [A-Za-z0-9][A-Za-z0-9._-]{0,199}`);
  }
}
