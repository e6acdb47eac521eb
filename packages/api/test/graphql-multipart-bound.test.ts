import { Writable } from 'node:stream';
import { expect, test } from 'vitest';
import { createLogger } from '@quarry/config';
import { graphqlHandler, type ServiceDeps } from '../src/index.js';

// Refusing an oversize request touches no service: only the logger is wired.
const log = createLogger('graphql-bound-test', { destination: new Writable({ write: (_c, _e, done) => done() }) });
const handler = graphqlHandler({ log } as unknown as ServiceDeps, { multipartMaxBytes: 1024 });

function multipart(declaredLength: boolean): Request {
  const boundary = 'quarry';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{"query":"mutation($file: File!){ uploadFile(file: $file) { file { id } } }","variables":{"file":null}}\r\n--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.file"]}\r\n--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="big.bin"\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), Buffer.alloc(4096, 0x41), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (declaredLength) headers['content-length'] = String(body.length);
  // A stream body: no length unless the header declares one.
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      for (let i = 0; i < body.length; i += 512) c.enqueue(body.subarray(i, i + 512));
      c.close();
    },
  });
  return new Request('http://quarry.test/graphql', { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit);
}

test('a multipart request declaring more than the limit is a 413 PAYLOAD_TOO_LARGE before yoga reads it', async () => {
  const res = await handler(multipart(true));
  expect(res.status).toBe(413);
  expect((await res.json()).errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
});

test('one that does not declare its length is cut off once it passes the limit, and answered with a code', async () => {
  const res = await handler(multipart(false));
  const body = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
  expect(res.status).toBe(413);
  expect(body.errors[0]!.extensions.code).toBe('PAYLOAD_TOO_LARGE');
});
