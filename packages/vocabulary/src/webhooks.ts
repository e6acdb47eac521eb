/** The events a webhook can listen for: a job reached its final state. */
export const WEBHOOK_EVENTS = ['job.completed', 'job.failed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** How many endpoints one user may register (each finished job is one request per endpoint). */
export const MAX_WEBHOOKS_PER_USER = 10;

/** The longest endpoint URL accepted. */
export const MAX_WEBHOOK_URL_CHARS = 2048;
