import { jobs, webhooks } from '@quarry/db';
import type { JobWebhooksInput } from '@quarry/temporal';
import type { WebhookEvent } from '@quarry/vocabulary';
import type { WorkerDeps } from '../deps.js';

/**
 * The deliveries a finished job owes its owner's webhooks (one per webhook listening for its
 * final state), created on the first call and the same on a retry. Anonymous jobs have no owner
 * and so no webhooks.
 */
export async function webhookDeliveries(deps: WorkerDeps, input: JobWebhooksInput): Promise<string[]> {
  const job = await jobs.get(deps.db, input.jobId);
  if (!job?.ownerId || (job.status !== 'Completed' && job.status !== 'Failed')) return [];
  const event: WebhookEvent = job.status === 'Completed' ? 'job.completed' : 'job.failed';
  return (await webhooks.deliveriesFor(deps.db, job.ownerId, job.id, event)).map((d) => d.id);
}
