import type { Db } from '@quarry/db';
import type { BlobStore } from '@quarry/storage';
import type { Logger } from '@quarry/config';

export interface WorkerDeps {
  db: Db;
  blobs: BlobStore;
  log: Logger;
}
