import type { WebhookDeliveryDto, WebhookDto } from '@quarry/db';
import type { WebhookEvent } from '@quarry/vocabulary';

/** Where the latest delivery stands: sent, given up, still being retried, or not tried yet. */
export type DeliveryState = 'delivered' | 'failed' | 'retrying' | 'pending';

export interface WebhookDelivery {
  jobId: string;
  event: WebhookEvent;
  state: DeliveryState;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  lastAttemptAt: Date | null;
}

/** A webhook as its owner sees it: never its secret. */
export interface Webhook {
  id: string;
  url: string;
  events: WebhookEvent[];
  createdAt: Date;
  lastDelivery: WebhookDelivery | null;
}

const stateOf = (d: WebhookDeliveryDto): DeliveryState => (d.deliveredAt ? 'delivered' : d.failedAt ? 'failed' : d.attempts > 0 ? 'retrying' : 'pending');

export const toWebhook = (w: WebhookDto): Webhook => ({
  id: w.id,
  url: w.url,
  events: w.events as WebhookEvent[],
  createdAt: w.createdAt,
  lastDelivery: w.lastDelivery && {
    jobId: w.lastDelivery.jobId,
    event: w.lastDelivery.event as WebhookEvent,
    state: stateOf(w.lastDelivery),
    attempts: w.lastDelivery.attempts,
    lastStatus: w.lastDelivery.lastStatus,
    lastError: w.lastDelivery.lastError,
    lastAttemptAt: w.lastDelivery.lastAttemptAt,
  },
});
