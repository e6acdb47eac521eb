import type { Db } from '@quarry/db';
import type { BlobStore } from '@quarry/storage';
import type { Logger } from '@quarry/config';
import type { CpuBudget } from './cpu-budget.js';

export interface WorkerDeps {
  db: Db;
  blobs: BlobStore;
  log: Logger;
  cpu: CpuBudget;
}
