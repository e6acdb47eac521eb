import { webhooks as webhookRepo } from '@quarry/db';
import type { Caller } from '../auth/caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';

/**
 * Deletes one of the caller's webhooks with its deliveries. Another user's webhook is "not
 * found", as a missing one. A delivery being retried finds no webhook at its next attempt and stops.
 */
export async function deleteWebhook(deps: ServiceDeps, caller: Caller, id: string): Promise<void> {
  if (!caller.userId) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  if (!(await webhookRepo.deleteOwned(deps.db, id, caller.userId))) throw new AppError('NOT_FOUND', 'Webhook not found');
}
