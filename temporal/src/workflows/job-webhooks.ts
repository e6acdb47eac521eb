import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { WebhookActivities } from '../activities.js';
import { WEBHOOK_DELIVERY_ATTEMPTS, WEBHOOK_REJECTED } from '../activities.js';
import type { JobWebhooksInput } from '../job-types.js';

const { webhookDeliveries } = proxyActivities<WebhookActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumAttempts: 10 },
});

/**
 * One delivery's attempts: Temporal's activity retries are the backoff (2 s, 4 s, 8 s … capped
 * at 15 min; 10 attempts span about an hour). 5xx, 429, timeouts and network errors are retried;
 * what no retry can fix fails WEBHOOK_REJECTED and stops at once.
 */
const { deliverWebhook } = proxyActivities<WebhookActivities>({
  // The send itself gives up after 10 s; the rest is the database.
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '15 minutes',
    maximumAttempts: WEBHOOK_DELIVERY_ATTEMPTS,
    nonRetryableErrorTypes: [WEBHOOK_REJECTED],
  },
});

/**
 * Tells the webhooks of a finished job's owner, each on its own: one failing endpoint never holds
 * up another. A delivery that fails for good is recorded by its activity; the workflow ends anyway.
 */
export async function jobWebhooks(input: JobWebhooksInput): Promise<void> {
  const deliveries = await webhookDeliveries(input);
  await Promise.all(
    deliveries.map((deliveryId) =>
      deliverWebhook({ deliveryId }).catch((err: unknown) => {
        if (!(err instanceof ActivityFailure)) throw err;
      }),
    ),
  );
}
