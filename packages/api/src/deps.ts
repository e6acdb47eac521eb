import type { Db, JobEvents } from '@quarry/db';
import type { BlobStore } from '@quarry/storage';
import type { JobRunner } from '@quarry/temporal';
import type { Logger } from '@quarry/config';
import type { LookupStore } from '@quarry/reference';
import type { RecordStores } from '@quarry/store';
import type { Resolver } from '@quarry/webhooks';
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
  /** The rule sets (one per engine) and their scan workers: inline scans, rule checks, retrieval, and search summaries (on the Sigma thread). */
  hunting: Hunting;
  /** Per-tier rate limits (YARA file scans, inline scans). */
  quotas: Quotas;
  /** This process's one LISTEN connection for job status and progress (watchJob). */
  jobEvents: JobEvents;
  webhooks: WebhookSettings;
}

/** What registering a webhook needs from the deployment. */
export interface WebhookSettings {
  /** Seals signing secrets (webhookSecretKey of the server master key). */
  secretKey: Buffer;
  /** QUARRY_WEBHOOK_ALLOW_PRIVATE: URLs may resolve to loopback, link-local and private addresses. */
  allowPrivate: boolean;
  /** Host names to addresses; the system resolver unless a test gives its own. */
  resolver?: Resolver;
}
