import { WEBHOOK_EVENTS, type WebhookEvent } from '@quarry/vocabulary';
import type { CreatedWebhook } from '../../webhooks/create-webhook.js';
import type { DeliveryState, Webhook, WebhookDelivery } from '../../webhooks/webhook-dto.js';
import { builder, idOf } from './builder.js';
import { screamingCase } from './enums.js';

const values = <V extends string>(list: readonly V[]) => Object.fromEntries(list.map((value) => [screamingCase(value), { value }]));
const DELIVERY_STATES = ['delivered', 'failed', 'retrying', 'pending'] as const satisfies readonly DeliveryState[];

const WebhookEventEnum = builder.enumType('WebhookEvent', { description: 'A job reached its final state.', values: values<WebhookEvent>(WEBHOOK_EVENTS) });
const DeliveryStateEnum = builder.enumType('WebhookDeliveryState', {
  description: 'DELIVERED (a 2xx came back), FAILED (given up: a refusal or the last retry), RETRYING, PENDING (not tried yet).',
  values: values(DELIVERY_STATES),
});

const WebhookDeliveryRef = builder.objectRef<WebhookDelivery>('WebhookDelivery').implement({
  fields: (t) => ({
    jobUuid: t.exposeString('jobId', { description: 'The job the event was about (REST id; the job may be deleted since).' }),
    event: t.expose('event', { type: WebhookEventEnum }),
    state: t.expose('state', { type: DeliveryStateEnum }),
    attempts: t.exposeInt('attempts'),
    lastStatus: t.exposeInt('lastStatus', { nullable: true, description: "The receiver's HTTP status of the last attempt; null when none came back." }),
    lastError: t.exposeString('lastError', { nullable: true }),
    lastAttemptAt: t.field({ type: 'DateTime', nullable: true, resolve: (d) => d.lastAttemptAt }),
  }),
});

const WebhookRef = builder.objectRef<Webhook>('Webhook').implement({
  description: "An endpoint told of the caller's job events, signed as Standard Webhooks define. Its secret is never shown again.",
  fields: (t) => ({
    id: t.globalID({ resolve: (w) => ({ type: 'Webhook', id: w.id }) }),
    uuid: t.exposeString('id', { description: 'The id REST uses.' }),
    url: t.exposeString('url'),
    events: t.field({ type: [WebhookEventEnum], resolve: (w) => w.events }),
    createdAt: t.field({ type: 'DateTime', resolve: (w) => w.createdAt }),
    lastDelivery: t.field({ type: WebhookDeliveryRef, nullable: true, resolve: (w) => w.lastDelivery }),
  }),
});

const CreateWebhookPayloadRef = builder.objectRef<CreatedWebhook>('CreateWebhookPayload').implement({
  fields: (t) => ({
    webhook: t.field({ type: WebhookRef, resolve: (w) => w }),
    secret: t.exposeString('secret', { description: 'The signing secret (`whsec_` + base64), shown this once: store it now.' }),
  }),
});

const DeleteWebhookPayloadRef = builder.objectRef<{ deletedId: string }>('DeleteWebhookPayload').implement({
  fields: (t) => ({ deletedId: t.exposeID('deletedId') }),
});

const CreateWebhookInput = builder.inputType('CreateWebhookInput', {
  fields: (t) => ({
    url: t.string({ description: 'http(s); must resolve to public addresses unless the operator allows private ones.' }),
    events: t.field({ type: [WebhookEventEnum] }),
  }),
});

const DeleteWebhookInput = builder.inputType('DeleteWebhookInput', { fields: (t) => ({ id: t.id() }) });

builder.queryField('webhooks', (t) =>
  t.field({
    type: [WebhookRef],
    description: "The caller's webhooks, oldest first, with their latest delivery (signed-in callers only).",
    resolve: (_root, _args, ctx) => ctx.run('listWebhooks', undefined),
  }),
);

builder.mutationFields((t) => ({
  createWebhook: t.field({
    type: CreateWebhookPayloadRef,
    description: "Registers an endpoint for the caller's job events; the payload holds its signing secret, once (signed-in callers only).",
    args: { input: t.arg({ type: CreateWebhookInput }) },
    resolve: (_root, { input }, ctx) => ctx.run('createWebhook', { url: input.url, events: input.events }),
  }),
  deleteWebhook: t.field({
    type: DeleteWebhookPayloadRef,
    description: "Deletes one of the caller's webhooks (signed-in callers only).",
    args: { input: t.arg({ type: DeleteWebhookInput }) },
    resolve: async (_root, { input }, ctx) => {
      await ctx.run('deleteWebhook', { id: idOf('Webhook', input.id) });
      return { deletedId: input.id };
    },
  }),
}));
