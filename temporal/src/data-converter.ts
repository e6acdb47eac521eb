import type { DataConverter } from '@temporalio/common';
import { createPayloadCodec } from '@quarry/crypto';

/** Every payload (inputs carry the caller's key) is encrypted under the server master key. */
export const dataConverterFor = (masterKey: Buffer): DataConverter => ({
  payloadCodecs: [createPayloadCodec(masterKey)],
});
