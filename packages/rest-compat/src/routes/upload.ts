import type { Hono } from 'hono';
import { admit, execute, operations, parseInput } from '@quarry/api';
import type { RestDeps } from '../rest-deps.js';
import { clientAddressOf } from '../client-address.js';
import { CONTRACT } from '../contract.js';
import { keyOf, tokenOf } from '../request.js';
import { respondError } from '../respond.js';
import { storeMultipartFiles } from './multipart-upload.js';
import { uploadBody } from '../presenters/files.js';

/**
 * The multipart upload: one admission (token, key, and the key rule of a signed-in uploader)
 * before the body is read, then the upload operation once per `files` part as it streams in.
 */
export function registerUpload(app: Hono, deps: RestDeps): void {
  const op = operations.uploadFile;
  for (const path of CONTRACT.upload.paths) {
    app.post(path, async (c) => {
      try {
        const ctx = await admit(op, { deps, token: tokenOf(c), key: keyOf(c), clientAddress: clientAddressOf(c) });
        const files = await storeMultipartFiles(
          deps,
          c.req.raw,
          (fileName, content) => execute(op, ctx, parseInput(op, { fileName, content })),
          deps.uploadTimeoutMs,
        );
        return c.json(uploadBody(files));
      } catch (err) {
        return respondError(c, 'upload', err, deps.log);
      }
    });
  }
}
