import type { CheckedBlobStore } from './blob-store.js';

/**
 * A readiness probe for a blob store that checks it at most once per `everyMs`: load balancers
 * poll every few seconds, and an S3 check is two requests (head the bucket, write a probe).
 */
export function cachedBlobCheck(blobs: CheckedBlobStore, everyMs = 10_000): () => Promise<boolean> {
  let last = 0;
  let result: Promise<boolean> = Promise.resolve(false);
  return () => {
    if (Date.now() - last >= everyMs) {
      last = Date.now();
      result = blobs.check().then(
        () => true,
        () => false,
      );
    }
    return result;
  };
}
