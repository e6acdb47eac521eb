import { fileURLToPath } from 'node:url';
import type { DataConverter } from '@temporalio/common';
import { createPayloadCodec, type PayloadCodecOptions } from './payload-codec.js';

/**
 * Temporal loads the failure converter with require(), and workers bundle it into workflow code,
 * so this must name compiled JS: the dist file when running from TypeScript sources (tests).
 */
export const FAILURE_CONVERTER_PATH = fileURLToPath(
  import.meta.url.endsWith('.ts') ? new URL('../dist/failure-converter.js', import.meta.url) : new URL('./failure-converter.js', import.meta.url),
);

/**
 * The data converter for clients and workers: every payload encrypted under the master key, and
 * failure messages and stack traces moved into payloads so they are encrypted as well.
 */
export function createDataConverter(masterKey: Uint8Array, options: PayloadCodecOptions = {}): DataConverter {
  return { payloadCodecs: [createPayloadCodec(masterKey, options)], failureConverterPath: FAILURE_CONVERTER_PATH };
}
