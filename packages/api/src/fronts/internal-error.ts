import { randomUUID } from 'node:crypto';
import type { Logger } from '@quarry/config';

/**
 * An unexpected error: its cause is logged under a fresh id, and the caller is told only the id
 * (as REST's 500s do): no stack, no message, no server path.
 */
export function internalErrorMessage(log: Logger, front: string, err: unknown): string {
  const errorId = randomUUID();
  log.error({ errorId, front, err }, 'request failed');
  return `An error occurred while processing your request. If the problem persists, contact support and quote the following ID: ${errorId}`;
}
