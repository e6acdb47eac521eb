import type { Client } from '@temporalio/client';
import type { Db } from '@quarry/db';
import type { BlobStore } from '@quarry/storage';
import type { Logger } from '@quarry/config';

/** Everything a service needs, passed in explicitly so fronts and tests wire real components. */
export interface ServiceDeps {
  db: Db;
  blobs: BlobStore;
  temporal: Client;
  log: Logger;
}
