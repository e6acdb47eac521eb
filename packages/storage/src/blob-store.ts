import type { Readable } from 'node:stream';

export interface PutOptions {
  /** Aborting stops the write and removes the partial file; the promise rejects with the reason. */
  signal?: AbortSignal;
}

/** A byte range of a blob: `length` bytes from `offset` (to the end when `length` is absent). */
export interface ByteRange {
  offset: number;
  length?: number;
}

/** One stored blob as a listing sees it. */
export interface BlobEntry {
  key: string;
  /** Last write, ms since the epoch (the sweep leaves recent blobs alone). */
  modifiedMs: number;
}

/** Where uploaded evidence (plain or encrypted streams) is kept, addressed by opaque keys. */
export interface BlobStore {
  /**
   * Stores the whole `source` under `key`. The blob becomes visible only once complete; on any
   * error or abort nothing is left behind. An existing blob with that key is replaced atomically.
   */
  put(key: string, source: Readable | AsyncIterable<Uint8Array>, options?: PutOptions): Promise<{ size: number }>;
  /**
   * Streams the blob, or the part of it `range` names (a range past the end yields what exists);
   * a missing blob makes the stream fail with StorageError `NOT_FOUND`.
   */
  get(key: string, range?: ByteRange): Readable;
  /** Removes the blob; removing a missing blob is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every complete blob, in no particular order (temp files and foreign names are skipped). */
  list(): AsyncIterable<BlobEntry>;
}

/** A configured store that can say, before serving, whether it works. */
export interface CheckedBlobStore extends BlobStore {
  /** Where the blobs live, for logs (`/srv/blobs`, `s3://bucket/prefix`); never holds credentials. */
  readonly location: string;
  /** Resolves when the store is reachable and writable; rejects with StorageError `UNAVAILABLE`. */
  check(): Promise<void>;
}
