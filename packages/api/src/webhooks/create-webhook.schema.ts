import { z } from 'zod';
import { WEBHOOK_EVENTS } from '@quarry/vocabulary';

const eventsMessage = `events must be a non-empty list of ${WEBHOOK_EVENTS.join(', ')}`;

export const createWebhookSchema = z.object({
  url: z.string({ error: 'url must be a string' }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: eventsMessage }), { error: eventsMessage })
    .min(1, { error: eventsMessage })
    .transform((events) => [...new Set(events)]),
});
export type CreateWebhookInput = z.output<typeof createWebhookSchema>;

export const webhookIdSchema = z.object({ id: z.string({ error: 'id must be a string' }) });
