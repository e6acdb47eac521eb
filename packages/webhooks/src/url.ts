import { MAX_WEBHOOK_URL_CHARS } from '@quarry/vocabulary';
import { WebhookTargetError } from './errors.js';

/**
 * A webhook URL as registered: absolute http(s), no credentials in it (they would be shown in
 * listings and could reach logs), at most MAX_WEBHOOK_URL_CHARS. Where it points is judged
 * separately (resolveTarget), at registration and again at every delivery.
 */
export function parseWebhookUrl(raw: string): URL {
  if (raw.length > MAX_WEBHOOK_URL_CHARS) throw new WebhookTargetError(`url must be at most ${MAX_WEBHOOK_URL_CHARS} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookTargetError('url must be an absolute http:// or https:// URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new WebhookTargetError('url must be an absolute http:// or https:// URL');
  if (url.username || url.password) throw new WebhookTargetError('url must not hold credentials (user:password@)');
  if (url.hash) throw new WebhookTargetError('url must not have a fragment');
  return url;
}
