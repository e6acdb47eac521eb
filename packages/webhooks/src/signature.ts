import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks' secret prefix: `whsec_` then the base64 of the key bytes. */
const SECRET_PREFIX = 'whsec_';
/** 32 random bytes (the specification allows 24 to 64). */
const SECRET_BYTES = 32;

export const newSigningSecret = (): Buffer => randomBytes(SECRET_BYTES);

/** The secret as the receiver is given it (once, at registration). */
export const formatSigningSecret = (secret: Uint8Array): string => SECRET_PREFIX + Buffer.from(secret).toString('base64');

/**
 * The `webhook-signature` value: `v1,` and the base64 HMAC-SHA256, under the secret's bytes, of
 * `<webhook-id>.<webhook-timestamp>.<body>` (Standard Webhooks, symmetric signatures).
 */
export function signatureOf(secret: Uint8Array, messageId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${messageId}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/** The three headers of a signed message; the timestamp is the attempt's, in whole seconds. */
export function signedHeaders(secret: Uint8Array, messageId: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureOf(secret, messageId, timestamp, body),
  };
}
