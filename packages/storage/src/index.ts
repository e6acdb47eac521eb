export type { BlobEntry, BlobStore, ByteRange, CheckedBlobStore, PutOptions } from './blob-store.js';
export { FsBlobStore } from './fs-blob-store.js';
export { S3BlobStore, type S3BlobStoreOptions } from './s3/s3-blob-store.js';
export { createS3Client, type S3Settings } from './s3/s3-client.js';
export { createBucket } from './s3/s3-bucket.js';
export { parseS3Url, type S3Location } from './s3/s3-url.js';
export {
  createBlobStore,
  openSharedFiles,
  sharedFilesFor,
  type CreateBlobStoreOptions,
  type SharedFilesOptions,
  type StorageSettings,
} from './create-blob-store.js';
export { assertFileName, type FileLease, type SharedFile, type SharedFiles } from './files/shared-files.js';
export { FileCache, type FileCacheOptions } from './files/file-cache.js';
export { LocalFiles } from './files/local-files.js';
export { DROP_DELETED_EVERY_MS, dropDeletedHourly } from './files/drop-deleted.js';
export { isValidBlobKey, newBlobKey } from './blob-key.js';
export { StorageError, type StorageErrorCode } from './errors.js';
export { cachedBlobCheck } from './readiness.js';
