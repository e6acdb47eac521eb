import { ApplicationFailure, Context } from '@temporalio/activity';
import { jobs, webhooks } from '@quarry/db';
import { WEBHOOK_DELIVERY_ATTEMPTS, WEBHOOK_REJECTED, type DeliverWebhookInput } from '@quarry/temporal';
import type { WebhookEvent } from '@quarry/vocabulary';
import { jobEventBody, openSigningSecret, sendWebhook, signedHeaders } from '@quarry/webhooks';
import type { WorkerDeps } from '../deps.js';

/** How long a receiver has to answer one attempt. */
const SEND_TIMEOUT_MS = 10_000;

/**
 * One attempt of one delivery. Only the delivery id comes from Temporal: the URL and the sealed
 * secret are read here, so neither ever sits in workflow history. Each attempt is recorded on
 * the delivery row; a failure worth retrying is thrown for the retry policy's backoff, one that
 * is not (4xx, a redirect, an address webhooks may not reach) fails WEBHOOK_REJECTED.
 */
export async function deliverWebhook(deps: WorkerDeps, input: DeliverWebhookInput): Promise<void> {
  const delivery = await webhooks.getDelivery(deps.db, input.deliveryId);
  // Deleted with its webhook, or done by an attempt whose answer was lost: nothing to send.
  if (!delivery || delivery.deliveredAt || delivery.failedAt) return;
  const target = await webhooks.getTarget(deps.db, delivery.webhookId);
  if (!target) return;
  const attempt = Context.current().info.attempt;
  const log = deps.log.child({ webhookId: target.id, deliveryId: delivery.id, jobId: delivery.jobId, attempt });
  const job = await jobs.get(deps.db, delivery.jobId);
  if (!job || (job.status !== 'Completed' && job.status !== 'Failed')) {
    const error = 'the job was deleted before it could be announced';
    await webhooks.recordAttempt(deps.db, delivery.id, { status: null, error, delivered: false, final: true, at: new Date() });
    return;
  }
  const body = jobEventBody({
    event: delivery.event as WebhookEvent,
    jobId: job.id,
    status: job.status,
    category: job.category,
    finishedAt: job.finishedAt ?? job.createdAt,
  });
  const secret = openSigningSecret(deps.webhooks.secretKey, target.id, target.sealedSecret);
  const at = new Date();
  const outcome = await sendWebhook({
    url: target.url,
    headers: signedHeaders(secret, delivery.id, body, at),
    body,
    policy: { allowPrivate: deps.webhooks.allowPrivate },
    timeoutMs: SEND_TIMEOUT_MS,
  });
  const delivered = outcome.kind === 'delivered';
  const final = outcome.kind === 'rejected' || (outcome.kind === 'retry' && attempt >= WEBHOOK_DELIVERY_ATTEMPTS);
  await webhooks.recordAttempt(deps.db, delivery.id, { status: outcome.status, error: delivered ? null : outcome.error, delivered, final, at });
  // The URL is the owner's business and may carry tokens in its path: logs name ids and statuses only.
  if (delivered) {
    log.info({ status: outcome.status }, 'webhook delivered');
    return;
  }
  log.warn({ status: outcome.status, final }, 'webhook delivery failed');
  const reason = outcome.status === null ? 'no answer' : `status ${outcome.status}`;
  if (outcome.kind === 'rejected') throw ApplicationFailure.nonRetryable(`webhook delivery refused (${reason})`, WEBHOOK_REJECTED);
  throw ApplicationFailure.retryable(`webhook delivery failed (${reason})`, 'WebhookRetry');
}
