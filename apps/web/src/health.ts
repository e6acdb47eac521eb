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
