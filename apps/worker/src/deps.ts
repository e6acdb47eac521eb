import type { Db } from '@quarry/db';
import type { BlobStore } from '@quarry/storage';
import type { Logger } from '@quarry/config';
import type { LookupStore } from '@quarry/reference';
import type { RecordStores } from '@quarry/store';
import type { SigmaRuleSet, YaraRuleSet } from '@quarry/hunting';
import type { ScanPool } from '@quarry/yara';
import type { CpuBudget } from './cpu-budget.js';
import type { MemoryBudget } from './memory-budget.js';

export interface WorkerDeps {
  db: Db;
  blobs: BlobStore;
  log: Logger;
  cpu: CpuBudget;
  /** What running parse jobs may hold together: a job waits until its estimate fits. */
  memory: MemoryBudget;
  /** Where each parse job's searchable records go. */
  recordStores: RecordStores;
  /** Benchmarks only (QUARRY_BENCH_SKIP_RECORD_STORES): parse jobs build no record store. */
  skipRecordStores?: boolean;
  /** Reference data: event message templates for the EVTX Message column, known Windows files for triage's Evidence of Execution. */
  lookups: LookupStore;
  /** YARA file scans: the scan worker processes and the community pack (reloaded when its files change). */
  yara: { pool: ScanPool; packs: YaraRuleSet };
  /**
   * The community Sigma set (built-in pack and configured directories), compiled once and reloaded when its files change: EVTX jobs with run_sigma_rules
   * and Sigma file scans.
   */
  sigma: SigmaRuleSet;
  /** Webhook deliveries: the key that opens signing secrets, and QUARRY_WEBHOOK_ALLOW_PRIVATE. */
  webhooks: { secretKey: Buffer; allowPrivate: boolean };
}
