import { createWebhook } from '../webhooks/create-webhook.js';
import { createWebhookSchema, webhookIdSchema } from '../webhooks/create-webhook.schema.js';
import { deleteWebhook } from '../webhooks/delete-webhook.js';
import { listWebhooks } from '../webhooks/list-webhooks.js';
import { noInput, operation } from './operation.js';

export const createWebhookOperation = operation({
  name: 'createWebhook',
  kind: 'mutation',
  summary: "Registers an endpoint for the caller's job events (completed, failed); answers its signing secret, once.",
  access: 'signedIn',
  key: 'ignored',
  transport: 'json',
  input: createWebhookSchema,
  run: (ctx, input) => createWebhook(ctx.deps, ctx.caller, input),
});

export const listWebhooksOperation = operation({
  name: 'listWebhooks',
  kind: 'query',
  summary: "The caller's webhooks with their latest delivery (never the secret).",
  access: 'signedIn',
  key: 'ignored',
  transport: 'json',
  input: noInput,
  run: (ctx) => listWebhooks(ctx.deps, ctx.caller),
});

export const deleteWebhookOperation = operation({
  name: 'deleteWebhook',
  kind: 'mutation',
  summary: "Deletes one of the caller's webhooks.",
  access: 'signedIn',
  key: 'ignored',
  transport: 'json',
  input: webhookIdSchema,
  run: (ctx, input) => deleteWebhook(ctx.deps, ctx.caller, input.id),
});
