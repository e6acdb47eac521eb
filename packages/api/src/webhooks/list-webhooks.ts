import { webhooks as webhookRepo } from '@quarry/db';
import type { Caller } from '../auth/caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';
import { toWebhook, type Webhook } from './webhook-dto.js';

/** The caller's webhooks, oldest first, each with its latest delivery. */
export async function listWebhooks(deps: ServiceDeps, caller: Caller): Promise<Webhook[]> {
  if (!caller.userId) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  return (await webhookRepo.listByOwner(deps.db, caller.userId)).map(toWebhook);
}
