import type { Db, JobEvents } from '@quarry/db';
import type { BlobStore } from '@quarry/storage';
import type { JobRunner } from '@quarry/temporal';
import type { Logger } from '@quarry/config';
import type { LookupStore } from '@quarry/reference';
import type { RecordStores } from '@quarry/store';
import type { Quotas } from './quotas/quotas.js';
import type { Hunting } from './scans/hunting.js';

/** Everything a service needs, passed in explicitly so fronts and tests wire real components. */
export interface ServiceDeps {
  db: Db;
  blobs: BlobStore;
  /** Starts and stops job workflows; the only way services reach Temporal. */
  runner: JobRunner;
  /** The shipped reference data (lookups, event message templates); reloads when re-imported. */
  lookups: LookupStore;
  /** Each parse job's searchable records. */
  recordStores: RecordStores;
  log: Logger;
  /** Community YARA/Sigma sets and the scan workers for inline scans, rule checks and retrieval. */
  hunting: Hunting;
  /** Per-tier rate limits (YARA file scans, inline scans). */
  quotas: Quotas;
  /** This process's one LISTEN connection for job status and progress (watchJob). */
  jobEvents: JobEvents;
}
