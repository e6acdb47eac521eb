import { z } from 'zod';
import { WEBHOOK_EVENTS } from '@quarry/vocabulary';
import { messageBody, utcDate, uuid } from './common.schema.js';

const webhookEvent = z.enum(WEBHOOK_EVENTS).meta({ id: 'WebhookEvent' });

/** The latest delivery of a webhook: where it stands, and its last attempt. */
const lastDelivery = z
  .strictObject({
    job_id: uuid,
    event: webhookEvent,
    state: z.enum(['delivered', 'failed', 'retrying', 'pending']),
    attempts: z.int().min(0),
    last_status: z.int().nullable(),
    last_error: z.string().nullable(),
    last_attempt_at: utcDate.nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

const webhookFields = { id: uuid, url: z.url(), events: z.array(webhookEvent).min(1), created_at: utcDate };

/** POST /analysis/webhooks: the signing secret, this once. */
export const createdWebhookResponse = z
  .strictObject({ ...webhookFields, secret: z.string().regex(/^whsec_[A-Za-z0-9+/]+=*$/) })
  .meta({ id: 'CreatedWebhookResponse' });

/** GET /analysis/webhooks: never the secret. */
export const webhookListResponse = z
  .strictObject({ webhooks: z.array(z.strictObject({ ...webhookFields, last_delivery: lastDelivery.nullable() })) })
  .meta({ id: 'WebhookListResponse' });

export const deleteWebhookResponse = messageBody('Webhook deleted successfully').meta({ id: 'DeleteWebhookResponse' });
