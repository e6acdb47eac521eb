import { deriveKey, openBuffer, sealBuffer } from '@quarry/crypto';

/**
 * Signing secrets are stored sealed under a key derived from the server master key (the one
 * that encrypts Temporal payloads), never in clear: a copy of the database alone does not let
 * anyone forge deliveries. Unlike API tokens they cannot be hashed, since the worker must sign
 * with them. The webhook id is bound as associated data, so a sealed secret moved to another
 * row does not open.
 */
const INFO = 'quarry webhook signing secrets v1';
const SALT = Buffer.from('quarry-webhooks', 'utf8');

export const webhookSecretKey = (masterKey: Uint8Array): Buffer => deriveKey(masterKey, SALT, INFO);

export const sealSigningSecret = (key: Uint8Array, webhookId: string, secret: Uint8Array): Buffer => sealBuffer(secret, key, Buffer.from(webhookId, 'utf8'));

export const openSigningSecret = (key: Uint8Array, webhookId: string, sealed: Uint8Array): Buffer => openBuffer(sealed, key, Buffer.from(webhookId, 'utf8'));
