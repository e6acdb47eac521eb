import { DefaultFailureConverter } from '@temporalio/common';

/**
 * Loaded by path (DataConverter.failureConverterPath), both by the worker's workflow bundle and by
 * clients: moves error messages and stack traces into an encoded payload so the payload codec
 * encrypts them too (by default Temporal stores them in clear in the history).
 */
export const failureConverter = new DefaultFailureConverter({ encodeCommonAttributes: true });
