import { orphans, type Db } from '@quarry/db';
import type { Logger } from '@quarry/config';
import { FsBlobStore, type BlobStore } from '@quarry/storage';
import type { RecordStores } from '@quarry/store';

export interface SweepDeps {
  db: Db;
  /** The blob store, local directory or object store. */
  blobs: BlobStore;
  recordStores: RecordStores;
  log: Logger;
}

export interface SweepReport {
  tempFiles: number;
  blobs: number;
  recordStoreFiles: number;
}

/**
 * Leaves younger than this alone. An upload writes its blob before its row, and a worker builds
 * and publishes its record store before the job row says Completed; on another node either may be
 * under way right now. Uploads must finish in 30 s, so ten minutes is ample.
 */
export const ORPHAN_GRACE_MS = 10 * 60 * 1000;
/** Keys looked up in PostgreSQL at once (and the most a sweep holds in memory). */
const BATCH = 500;

/**
 * Removes what a crash (kill -9, power loss) can leave behind, so PostgreSQL and the blob store
 * agree again: blobs with no file row (killed between the blob and the row, or between a delete's
 * row and its blob), blob temp files of interrupted local writes, record stores of jobs that no
 * longer exist and unfinished store builds. Works on a local directory and on an object store
 * alike (both list their keys). The reverse (a file row without its blob) cannot arise: blobs are
 * written before rows and deleted after them. Never throws: a failed sweep is logged and retried
 * at the next start.
 */
export async function sweepOrphans(deps: SweepDeps, graceMs = ORPHAN_GRACE_MS): Promise<SweepReport> {
  const report: SweepReport = { tempFiles: 0, blobs: 0, recordStoreFiles: 0 };
  const cutoff = Date.now() - graceMs;
  try {
    // An object store has no temp files: a multipart upload is published whole or not at all
    // (the bucket's lifecycle rule aborts the parts of one whose node died).
    if (deps.blobs instanceof FsBlobStore) report.tempFiles = await deps.blobs.removeStaleTempFiles(graceMs);
    report.blobs = await sweepBlobs(deps, cutoff);
    // Builds in this node's scratch directory (a shared one's too, for a local store) of a killed writer.
    report.recordStoreFiles = await deps.recordStores.removeStaleBuilds(cutoff);
    report.recordStoreFiles += await sweepRecordStores(deps, cutoff);
    deps.log.info({ ...report }, 'orphan sweep done');
  } catch (err) {
    deps.log.warn({ err, ...report }, 'orphan sweep failed; it runs again at the next start');
  }
  return report;
}

async function sweepBlobs(deps: SweepDeps, cutoff: number): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const known = await orphans.knownBlobKeys(deps.db, batch);
    for (const key of batch) {
      if (known.has(key)) continue;
      await deps.blobs.delete(key);
      removed++;
    }
    batch = [];
  };
  for await (const { key, modifiedMs } of deps.blobs.list()) {
    if (modifiedMs >= cutoff) continue;
    batch.push(key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return removed;
}

/** Published stores whose job row is gone (a crash between a job's deletion and its stores'). */
async function sweepRecordStores(deps: SweepDeps, cutoff: number): Promise<number> {
  let removed = 0;
  let batch = new Map<string, number>();
  const flush = async () => {
    const known = await orphans.knownJobIds(deps.db, [...batch.keys()]);
    for (const [jobId, stores] of batch) {
      if (known.has(jobId)) continue;
      await deps.recordStores.remove(jobId);
      removed += stores;
    }
    batch = new Map();
  };
  for await (const { jobId, modifiedMs } of deps.recordStores.published()) {
    if (modifiedMs >= cutoff) continue;
    batch.set(jobId, (batch.get(jobId) ?? 0) + 1);
    if (batch.size >= BATCH) await flush();
  }
  await flush();
  return removed;
}
