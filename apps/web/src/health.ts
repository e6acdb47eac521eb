import { setTimeout as sleep } from 'node:timers/promises';
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

/** Polls `check` until it reports ok (true) or `timeoutMs` passes (false). */
export async function waitUntilHealthy(check: () => Promise<Health>, timeoutMs: number, everyMs = 250): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (
      await check().then(
        (h) => h.ok,
        () => false,
      )
    )
      return true;
    if (Date.now() >= deadline) return false;
    await sleep(everyMs);
  }
}
