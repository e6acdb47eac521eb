import type { Client } from '@temporalio/client';
import { ping, type Db } from '@quarry/db';
import { ALL_TIERS, TIER_QUEUES } from '@quarry/temporal';
import type { Health } from '@quarry/rest-compat';

const ACTIVITY_QUEUE = 2;

/** Ready when PostgreSQL answers, Temporal answers, and a worker polls every tier's queue. */
export function healthCheck(db: Db, temporal: Client, namespace: string): () => Promise<Health> {
  return async () => {
    const postgres = await ping(db).then(() => true, () => false);
    const temporalUp = await temporal.workflowService.getSystemInfo({}).then(() => true, () => false);
    let worker = false;
    if (temporalUp) {
      const polled = await Promise.all(
        ALL_TIERS.map((tier) =>
          temporal.workflowService
            .describeTaskQueue({ namespace, taskQueue: { name: TIER_QUEUES[tier].taskQueue }, taskQueueType: ACTIVITY_QUEUE })
            .then((r) => (r.pollers ?? []).length > 0, () => false),
        ),
      );
      worker = polled.every(Boolean);
    }
    return { ok: postgres && temporalUp && worker, checks: { postgres, temporal: temporalUp, worker } };
  };
}
