import type { Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { orphans, type Db } from '@quarry/db';
import type { Logger } from '@quarry/config';
import { FsBlobStore, isValidBlobKey } from '@quarry/storage';
import type { RecordStores } from '@quarry/store';

export interface SweepDeps {
  db: Db;
  /** The filesystem blob store's root (only a local store is swept; see docs/operations.md). */
  blobDir: string;
  recordStores: RecordStores;
  log: Logger;
}

export interface SweepReport {
  tempFiles: number;
  blobs: number;
  recordStoreFiles: number;
}

/**
 * Leaves younger than this alone. An upload writes its blob before its row, and a worker writes
 * its record store before it publishes it; on a node sharing the store with this one either may
 * be under way right now. Uploads must finish in 30 s, so ten minutes is ample.
 */
export const ORPHAN_GRACE_MS = 10 * 60 * 1000;
const BATCH = 500;
/** Blob shards are two characters of the key alphabet: `record-stores` and dot files never match. */
const SHARD = /^[A-Za-z0-9_-]{2}$/;

/**
 * Removes what a crash (kill -9, power loss) can leave behind, so PostgreSQL and the blob store
 * agree again: blobs with no file row (killed between the blob and the row, or between a delete's
 * row and its blob), blob temp files of interrupted writes, and record-store files of jobs that no
 * longer exist or that were never published. The reverse (a file row without its blob) cannot arise:
 * blobs are written before rows and deleted after them. Never throws: a failed sweep is logged and
 * retried at the next start.
 */
export async function sweepOrphans(deps: SweepDeps, graceMs = ORPHAN_GRACE_MS): Promise<SweepReport> {
  const report: SweepReport = { tempFiles: 0, blobs: 0, recordStoreFiles: 0 };
  try {
    report.tempFiles = await new FsBlobStore(deps.blobDir).removeStaleTempFiles(graceMs);
    report.blobs = await sweepBlobs(deps, Date.now() - graceMs);
    report.recordStoreFiles = await sweepRecordStores(deps, Date.now() - graceMs);
    deps.log.info({ ...report }, 'orphan sweep done');
  } catch (err) {
    deps.log.warn({ err, ...report }, 'orphan sweep failed; it runs again at the next start');
  }
  return report;
}

async function entries(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Paths older than the cutoff (the file may vanish meanwhile: then it is no longer ours to sweep). */
async function olderThan(path: string, cutoff: number): Promise<boolean> {
  const st = await stat(path).catch(() => null);
  return st !== null && st.mtimeMs < cutoff;
}

async function sweepBlobs(deps: SweepDeps, cutoff: number): Promise<number> {
  let removed = 0;
  let batch: { key: string; path: string }[] = [];
  const flush = async () => {
    const known = await orphans.knownBlobKeys(deps.db, batch.map((b) => b.key));
    for (const b of batch) {
      if (known.has(b.key)) continue;
      await rm(b.path, { force: true });
      removed++;
    }
    batch = [];
  };
  for (const a of await entries(deps.blobDir)) {
    if (!a.isDirectory() || !SHARD.test(a.name)) continue;
    for (const b of await entries(join(deps.blobDir, a.name))) {
      if (!b.isDirectory() || !SHARD.test(b.name)) continue;
      const dir = join(deps.blobDir, a.name, b.name);
      for (const f of await entries(dir)) {
        if (!f.isFile() || !isValidBlobKey(f.name) || !(await olderThan(join(dir, f.name), cutoff))) continue;
        batch.push({ key: f.name, path: join(dir, f.name) });
        if (batch.length >= BATCH) await flush();
      }
    }
  }
  await flush();
  return removed;
}

/** Store files are `<jobId>.<category>.db`, with side files and `.tmp-<hex>` files of unfinished writes. */
async function sweepRecordStores(deps: SweepDeps, cutoff: number): Promise<number> {
  const dir = deps.recordStores.dir;
  const byJob = new Map<string, string[]>();
  let removed = 0;
  for (const f of await entries(dir)) {
    if (!f.isFile() || !(await olderThan(join(dir, f.name), cutoff))) continue;
    // An unpublished store is never read again: its job's activity, if retried, writes a new one.
    if (f.name.includes('.tmp-')) {
      await rm(join(dir, f.name), { force: true });
      removed++;
      continue;
    }
    const jobId = f.name.slice(0, f.name.indexOf('.'));
    byJob.set(jobId, [...(byJob.get(jobId) ?? []), f.name]);
  }
  const ids = [...byJob.keys()];
  for (let i = 0; i < ids.length; i += BATCH) {
    const slice = ids.slice(i, i + BATCH);
    const known = await orphans.knownJobIds(deps.db, slice);
    for (const id of slice) {
      if (known.has(id)) continue;
      for (const name of byJob.get(id) ?? []) {
        await rm(join(dir, name), { force: true });
        removed++;
      }
    }
  }
  return removed;
}
