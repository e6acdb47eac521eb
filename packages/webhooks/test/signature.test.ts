import { Webhook } from 'standardwebhooks';
import { describe, expect, test } from 'vitest';
import { openSigningSecret, sealSigningSecret, webhookSecretKey } from '../src/secret-box.js';
import { formatSigningSecret, newSigningSecret, signedHeaders } from '../src/signature.js';

describe('Standard Webhooks signatures', () => {
  test('the reference library verifies our headers with the secret as the receiver is given it', () => {
    const secret = newSigningSecret();
    const body = JSON.stringify({ type: 'job.completed', timestamp: '2026-11-28T10:00:00.000Z', data: { job_id: 'x', status: 'Completed' } });
    const headers = signedHeaders(secret, 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W', body, new Date());
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(formatSigningSecret(secret)).verify(body, headers)).toEqual(JSON.parse(body));
  });

  test('a changed body, id or another secret fails verification', () => {
    const secret = newSigningSecret();
    const headers = signedHeaders(secret, 'msg_1', '{"a":1}', new Date());
    const hook = new Webhook(formatSigningSecret(secret));
    expect(() => hook.verify('{"a":2}', headers)).toThrow();
    expect(() => hook.verify('{"a":1}', { ...headers, 'webhook-id': 'msg_2' })).toThrow();
    expect(() => new Webhook(formatSigningSecret(newSigningSecret())).verify('{"a":1}', headers)).toThrow();
  });

  test('the secret is formatted whsec_ + base64 of 32 bytes', () => {
    const secret = newSigningSecret();
    const text = formatSigningSecret(secret);
    expect(text).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(text.slice('whsec_'.length), 'base64')).toEqual(secret);
  });
});

describe('sealed signing secrets', () => {
  const key = webhookSecretKey(Buffer.alloc(32, 7));

  test('open only under the same master key and for the same webhook', () => {
    const secret = newSigningSecret();
    const sealed = sealSigningSecret(key, 'hook-a', secret);
    expect(sealed.includes(secret)).toBe(false);
    expect(openSigningSecret(key, 'hook-a', sealed)).toEqual(secret);
    expect(() => openSigningSecret(key, 'hook-b', sealed)).toThrow(/authentication failed/);
    expect(() => openSigningSecret(webhookSecretKey(Buffer.alloc(32, 8)), 'hook-a', sealed)).toThrow(/authentication failed/);
  });

  test('the key is derived, not the master key itself', () => {
    expect(webhookSecretKey(Buffer.alloc(32, 7))).not.toEqual(Buffer.alloc(32, 7));
    expect(webhookSecretKey(Buffer.alloc(32, 7))).toHaveLength(32);
  });
});
