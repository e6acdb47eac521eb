import { randomUUID } from 'node:crypto';
import { webhooks as webhookRepo } from '@quarry/db';
import { MAX_WEBHOOKS_PER_USER } from '@quarry/vocabulary';
import { WebhookTargetError, formatSigningSecret, hostOf, newSigningSecret, parseWebhookUrl, resolveTarget, sealSigningSecret } from '@quarry/webhooks';
import type { Caller } from '../auth/caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';
import type { CreateWebhookInput } from './create-webhook.schema.js';
import { toWebhook, type Webhook } from './webhook-dto.js';

/** The new webhook with its signing secret, which is shown this once and never again. */
export interface CreatedWebhook extends Webhook {
  secret: string;
}

/**
 * Registers an endpoint for the caller's job events. The URL must be http(s) and resolve only to
 * public addresses (unless the operator allows private ones); delivery checks again, since DNS
 * may change. The signing secret is stored sealed under the server's webhook key.
 */
export async function createWebhook(deps: ServiceDeps, caller: Caller, input: CreateWebhookInput): Promise<CreatedWebhook> {
  if (!caller.userId) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  let url: URL;
  try {
    url = parseWebhookUrl(input.url);
    await resolveTarget(hostOf(url), { allowPrivate: deps.webhooks.allowPrivate, resolver: deps.webhooks.resolver });
  } catch (err) {
    if (err instanceof WebhookTargetError) throw new AppError('BAD_REQUEST', `Invalid webhook URL: ${err.message}`);
    throw err;
  }
  // A race of two registrations may pass this together: the limit bounds fan-out, it is no quota.
  if ((await webhookRepo.countByOwner(deps.db, caller.userId)) >= MAX_WEBHOOKS_PER_USER) {
    throw new AppError('BAD_REQUEST', `Too many webhooks: the limit is ${MAX_WEBHOOKS_PER_USER} per user`);
  }
  const id = randomUUID();
  const secret = newSigningSecret();
  const created = await webhookRepo.create(deps.db, {
    id,
    ownerId: caller.userId,
    url: url.href,
    events: input.events,
    sealedSecret: sealSigningSecret(deps.webhooks.secretKey, id, secret),
  });
  return { ...toWebhook(created), secret: formatSigningSecret(secret) };
}
