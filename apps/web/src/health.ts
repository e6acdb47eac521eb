import { ping, type Db } from '@quarry/db';
import type { Health } from '@quarry/rest-compat';
import type { JobRunner } from '@quarry/temporal';

/** Ready when PostgreSQL answers, Temporal answers, and a worker polls every tier's queue. */
export function healthCheck(db: Db, runner: JobRunner): () => Promise<Health> {
  return async () => {
    const postgres = await ping(db).then(
      () => true,
      () => false,
    );
    const { temporal, worker } = await runner.readiness();
    return { ok: postgres && temporal && worker, checks: { postgres, temporal, worker } };
  };
}

/** Ready to serve: PostgreSQL and Temporal answer and the blob store works. No worker needed. */
export function readinessCheck(db: Db, runner: JobRunner, blobsReady: () => Promise<boolean>): () => Promise<Health> {
  return async () => {
    const [postgres, { temporal }, blobs] = await Promise.all([
      ping(db).then(
        () => true,
        () => false,
      ),
      runner.readiness(),
      blobsReady(),
    ]);
    return { ok: postgres && temporal && blobs, checks: { postgres, temporal, blobs } };
  };
}
