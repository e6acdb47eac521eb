import { randomBytes } from 'node:crypto';
import type { Payload, PayloadCodec } from '@temporalio/common';
import proto from '@temporalio/proto';
import { IntegrityError, assertKey } from './errors.js';
import { NONCE_BYTES, gcmOpen, gcmSeal } from './gcm.js';
import { deriveKey } from './kdf.js';

const { Payload: PayloadMessage } = proto.temporal.api.common.v1;

export const ENCRYPTED_ENCODING = 'binary/encrypted';
export const KEY_ID_METADATA = 'encryption-key-id';
const VERSION = 1;
const utf8 = (s: string) => Buffer.from(s, 'utf8');

interface CodecKey {
  id: string;
  key: Buffer;
}

/**
 * The codec never uses the master key itself: it derives its own AES key and a public key id,
 * so the id identifies the key without revealing anything about it.
 */
function codecKey(masterKey: Uint8Array): CodecKey {
  assertKey(masterKey, 'master key');
  const none = Buffer.alloc(0);
  return {
    id: deriveKey(masterKey, none, 'quarry/temporal-codec/v1/key-id', 8).toString('hex'),
    key: deriveKey(masterKey, none, 'quarry/temporal-codec/v1/key'),
  };
}

export interface PayloadCodecOptions {
  /** Earlier master keys, still accepted for decoding while histories written under them remain. */
  previousKeys?: Uint8Array[];
}

/**
 * A Temporal PayloadCodec that encrypts every payload (its metadata and data, serialised as the
 * Payload protobuf) with AES-256-GCM. Encoded payloads carry `encoding: binary/encrypted` and
 * `encryption-key-id`; data = version || nonce || ciphertext || tag, with version and key id
 * authenticated. Decoding passes through payloads that none of its keys encrypted.
 */
export function createPayloadCodec(masterKey: Uint8Array, options: PayloadCodecOptions = {}): PayloadCodec {
  const current = codecKey(masterKey);
  const known = new Map<string, Buffer>([[current.id, current.key]]);
  for (const old of options.previousKeys ?? []) {
    const k = codecKey(old);
    if (!known.has(k.id)) known.set(k.id, k.key);
  }
  const aadFor = (id: string) => Buffer.concat([Buffer.of(VERSION), utf8(id)]);
  const currentAad = aadFor(current.id);

  const encodeOne = (payload: Payload): Payload => {
    const nonce = randomBytes(NONCE_BYTES);
    const plain = PayloadMessage.encode(payload).finish();
    return {
      metadata: { encoding: utf8(ENCRYPTED_ENCODING), [KEY_ID_METADATA]: utf8(current.id) },
      data: Buffer.concat([Buffer.of(VERSION), nonce, gcmSeal(current.key, nonce, plain, currentAad)]),
    };
  };

  const decodeOne = (payload: Payload): Payload => {
    const meta = payload.metadata ?? {};
    const encoding = meta.encoding ? Buffer.from(meta.encoding).toString('utf8') : '';
    const idBytes = meta[KEY_ID_METADATA];
    if (encoding !== ENCRYPTED_ENCODING || !idBytes) return payload;
    const id = Buffer.from(idBytes).toString('utf8');
    const key = known.get(id);
    if (!key) return payload;
    const data = payload.data ?? new Uint8Array(0);
    if (data[0] !== VERSION) throw new IntegrityError(`unsupported version ${data[0]}`, 'payload', 0);
    const nonce = data.subarray(1, 1 + NONCE_BYTES);
    const plain = data.length > 1 + NONCE_BYTES ? gcmOpen(key, nonce, data.subarray(1 + NONCE_BYTES), aadFor(id)) : null;
    if (!plain) throw new IntegrityError('authentication failed (altered payload)', 'payload');
    return PayloadMessage.decode(plain);
  };

  return {
    async encode(payloads) {
      return payloads.map(encodeOne);
    },
    async decode(payloads) {
      return payloads.map(decodeOne);
    },
  };
}
