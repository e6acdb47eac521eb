import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckedBlobStore } from './blob-store.js';
import { StorageError } from './errors.js';
import { FileCache } from './files/file-cache.js';
import { LocalFiles } from './files/local-files.js';
import { assertFileName, type SharedFiles } from './files/shared-files.js';
import { FsBlobStore } from './fs-blob-store.js';
import { S3BlobStore } from './s3/s3-blob-store.js';
import { createS3Client } from './s3/s3-client.js';
import { parseS3Url } from './s3/s3-url.js';

/** The settings this package reads, named as in the environment (the parsed `Env` satisfies it). */
export interface StorageSettings {
  BLOB_DIR: string;
  /** `s3://bucket/prefix`: blobs in an object store; BLOB_DIR is then not used. */
  BLOB_URL?: string | undefined;
  AWS_REGION: string;
  S3_ENDPOINT?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
  AWS_ACCESS_KEY_ID?: string | undefined;
  AWS_SECRET_ACCESS_KEY?: string | undefined;
  AWS_SESSION_TOKEN?: string | undefined;
}

export interface CreateBlobStoreOptions {
  /** Check reachability and credentials before returning (default true): start-up fails loudly. */
  check?: boolean;
}

/** Blobs live under `<prefix>blobs/`, shared files under `<prefix>files/`: one bucket, two namespaces. */
const BLOBS = 'blobs/';
const FILES = 'files/';

/** The blob store the settings name: S3 when BLOB_URL is set, else the BLOB_DIR directory. */
export async function createBlobStore(settings: StorageSettings, options: CreateBlobStoreOptions = {}): Promise<CheckedBlobStore> {
  let store: CheckedBlobStore;
  if (settings.BLOB_URL) {
    const { bucket, prefix } = parseS3Url(settings.BLOB_URL);
    store = new S3BlobStore({ client: createS3Client(s3Settings(settings)), bucket, prefix: prefix + BLOBS });
  } else {
    store = new FsBlobStore(settings.BLOB_DIR);
  }
  if (options.check !== false) await store.check();
  return store;
}

export interface SharedFilesOptions {
  /** Local cache directory (object store only); one per process. */
  cacheDir: string;
  /** Bytes the cache may hold (object store only). */
  maxBytes: number;
  /** The directory of local shared files (BLOB_DIR only); defaults to `<BLOB_DIR>/record-stores`. */
  localDir?: string;
}

/**
 * Shared files beside the given blob store: in the same bucket (cached locally) for S3, or a
 * plain directory beside the blobs for a local store. Reuses the blob store's S3 client.
 */
export function sharedFilesFor(blobs: CheckedBlobStore, options: SharedFilesOptions): SharedFiles {
  if (blobs instanceof S3BlobStore) {
    const root = blobs.prefix.endsWith(BLOBS) ? blobs.prefix.slice(0, -BLOBS.length) : blobs.prefix;
    const remote = new S3BlobStore({ client: blobs.client, bucket: blobs.bucket, prefix: root + FILES, assertKey: assertFileName });
    return new FileCache({ remote, dir: options.cacheDir, maxBytes: options.maxBytes });
  }
  if (blobs instanceof FsBlobStore) return new LocalFiles(options.localDir ?? join(blobs.rootDir, 'record-stores'));
  throw new TypeError('sharedFilesFor: unknown blob store type');
}

/**
 * sharedFilesFor, checked for start-up: the local directories exist (made if missing) and take a
 * file; rejects with StorageError `UNAVAILABLE` naming the directory otherwise.
 */
export async function openSharedFiles(blobs: CheckedBlobStore, options: SharedFilesOptions): Promise<SharedFiles> {
  let files: SharedFiles;
  try {
    files = sharedFilesFor(blobs, options);
  } catch (err) {
    // The filesystem's message names the path that failed.
    throw new StorageError('UNAVAILABLE', '', `record-store directory is not usable: ${(err as Error).message}`, { cause: err });
  }
  const probe = join(files.scratchDir, `.check-${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(probe, 'ok', { mode: 0o600 });
  } catch (err) {
    throw new StorageError('UNAVAILABLE', '', `record-store directory ${files.scratchDir} is not writable: ${(err as Error).message}`, { cause: err });
  } finally {
    await rm(probe, { force: true }).catch(() => undefined);
  }
  return files;
}

function s3Settings(settings: StorageSettings) {
  return {
    region: settings.AWS_REGION,
    endpoint: settings.S3_ENDPOINT,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    accessKeyId: settings.AWS_ACCESS_KEY_ID,
    secretAccessKey: settings.AWS_SECRET_ACCESS_KEY,
    sessionToken: settings.AWS_SESSION_TOKEN,
  };
}
