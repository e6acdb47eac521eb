import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { WebhookTargetError } from './errors.js';
import { hostOf, pinnedLookup, resolveTarget, type AddressPolicy } from './resolve.js';
import { parseWebhookUrl } from './url.js';

/** What one attempt came to. `retry`: worth trying again later; `rejected`: retrying cannot help. */
export type SendOutcome =
  { kind: 'delivered'; status: number } | { kind: 'retry'; status: number | null; error: string } | { kind: 'rejected'; status: number | null; error: string };

export interface SendRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  policy: AddressPolicy;
  timeoutMs: number;
}

/** Receivers answer a webhook with a short status; what they send beyond this is not read. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Sends one signed message. The host is resolved and judged now (DNS may have changed since
 * registration) and the connection pinned to the judged address. Redirects are not followed:
 * a 3xx could point anywhere, so it is a failed delivery. 2xx delivers; 429, 5xx, timeouts and
 * network errors are worth a retry; other statuses are the receiver's refusal.
 */
export async function sendWebhook(req: SendRequest): Promise<SendOutcome> {
  let url: URL;
  let pinned;
  try {
    url = parseWebhookUrl(req.url);
    pinned = await resolveTarget(hostOf(url), req.policy);
  } catch (err) {
    if (err instanceof WebhookTargetError) return { kind: 'rejected', status: null, error: err.message };
    throw err;
  }
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<SendOutcome>((resolve) => {
    const headers = {
      ...req.headers,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(req.body)),
      'user-agent': 'Quarry-Webhooks/1',
    };
    const r = request(url, { method: 'POST', headers, lookup: pinnedLookup(pinned), agent: false, timeout: req.timeoutMs }, (res) => {
      drain(res);
      resolve(outcomeOf(res.statusCode ?? 0));
    });
    r.on('timeout', () => r.destroy(new Error(`no answer within ${req.timeoutMs} ms`)));
    r.on('error', (err: NodeJS.ErrnoException) => resolve({ kind: 'retry', status: null, error: err.code ? `${err.code}: ${err.message}` : err.message }));
    r.end(req.body);
  });
}

function outcomeOf(status: number): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'delivered', status };
  if (status === 429 || status >= 500) return { kind: 'retry', status, error: `the receiver answered ${status}` };
  if (status >= 300 && status < 400) return { kind: 'rejected', status, error: `the receiver answered ${status}: redirects are not followed` };
  return { kind: 'rejected', status, error: `the receiver answered ${status}` };
}

function drain(res: IncomingMessage): void {
  let seen = 0;
  res.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > MAX_RESPONSE_BYTES) res.destroy();
  });
  res.on('error', () => undefined);
}
