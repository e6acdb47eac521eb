import {
  decodeFailure,
  decodeOptionalFailureToOptionalError,
  encodeErrorToFailure,
  encodeFailure,
  loadDataConverter,
} from '@temporalio/common/lib/internal-non-workflow/index.js';
import { expect, test } from 'vitest';
import { createPayloadCodec, newDataKey } from '@quarry/crypto';
import { dataConverterFor } from '../src/index.js';

test('dataConverterFor encrypts failure messages and stack traces, which the payload codec alone leaves in clear', async () => {
  const masterKey = newDataKey();
  const secret = `SECRET-${newDataKey().toString('hex')}.evtx`;
  const message = `File ${secret} is not an EVTX event log`;

  const codecOnly = loadDataConverter({ payloadCodecs: [createPayloadCodec(masterKey)] });
  const plain = await encodeFailure(codecOnly.payloadCodecs, await encodeErrorToFailure(codecOnly, new Error(message)));
  expect(JSON.stringify(plain)).toContain(secret);

  const full = loadDataConverter(dataConverterFor(masterKey));
  const encoded = await encodeFailure(full.payloadCodecs, await encodeErrorToFailure(full, new Error(message)));
  const wire = JSON.stringify(encoded);
  expect(wire).not.toContain(secret);
  expect(wire).not.toContain('data-converter.test');
  expect(encoded.message).toBe('Encoded failure');
  const err = await decodeOptionalFailureToOptionalError(full, await decodeFailure(full.payloadCodecs, encoded));
  expect(err?.message).toBe(message);
});
