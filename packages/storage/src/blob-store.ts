import type { Readable } from 'node:stream';

export interface PutOptions {
  /** Aborting stops the write and removes the partial file; the promise rejects with the reason. */
  signal?: AbortSignal;
}

/** Where uploaded evidence (plain or encrypted streams) is kept, addressed by opaque keys. */
export interface BlobStore {
  /**
   * Stores the whole `source` under `key`. The blob becomes visible only once complete; on any
   * error or abort nothing is left behind. An existing blob with that key is replaced atomically.
   */
  put(key: string, source: Readable | AsyncIterable<Uint8Array>, options?: PutOptions): Promise<{ size: number }>;
  /** Streams the blob; a missing blob makes the stream fail with StorageError `NOT_FOUND`. */
  get(key: string): Readable;
  /** Removes the blob; removing a missing blob is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}
