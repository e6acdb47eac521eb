export type { BlobStore, PutOptions } from './blob-store.js';
export { FsBlobStore } from './fs-blob-store.js';
export { isValidBlobKey, newBlobKey } from './blob-key.js';
export { StorageError, type StorageErrorCode } from './errors.js';
