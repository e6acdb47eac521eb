import type { CreatedWebhook, Webhook } from '@quarry/api';
import { formatUtc } from '../format.js';

const webhookFields = (w: Webhook) => ({ id: w.id, url: w.url, events: w.events, created_at: formatUtc(w.createdAt) });

/** The answer to a registration: the only body that ever holds the signing secret. */
export const createdWebhookBody = (w: CreatedWebhook) => ({ ...webhookFields(w), secret: w.secret });

export const webhookListEntryBody = (w: Webhook) => ({
  ...webhookFields(w),
  last_delivery: w.lastDelivery && {
    job_id: w.lastDelivery.jobId,
    event: w.lastDelivery.event,
    state: w.lastDelivery.state,
    attempts: w.lastDelivery.attempts,
    last_status: w.lastDelivery.lastStatus,
    last_error: w.lastDelivery.lastError,
    last_attempt_at: w.lastDelivery.lastAttemptAt && formatUtc(w.lastDelivery.lastAttemptAt),
  },
});
