import { fileURLToPath } from 'node:url';
import type { DataConverter } from '@temporalio/common';
import { createPayloadCodec, type PayloadCodecOptions } from '@quarry/crypto';

/**
 * Temporal loads the failure converter with require(), and workers bundle it into workflow code,
 * so this must name compiled JS: the dist file when running from TypeScript sources (tests).
 */
export const FAILURE_CONVERTER_PATH = fileURLToPath(
  import.meta.url.endsWith('.ts') ? new URL('../dist/failure-converter.js', import.meta.url) : new URL('./failure-converter.js', import.meta.url),
);

/**
 * The one data converter of every client and worker: each payload (job inputs carry the caller's
 * key) is encrypted under the server master key, and failure messages and stack traces are moved
 * into payloads so that they are encrypted too — by default Temporal keeps them in clear in the
 * history, and a failure message can name a private file.
 */
export function dataConverterFor(masterKey: Uint8Array, options: PayloadCodecOptions = {}): DataConverter {
  return { payloadCodecs: [createPayloadCodec(masterKey, options)], failureConverterPath: FAILURE_CONVERTER_PATH };
}
