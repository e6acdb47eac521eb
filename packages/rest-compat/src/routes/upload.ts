import type { Hono } from 'hono';
import { AppError, readClientKey, resolveCaller } from '@quarry/api';
import type { RestDeps } from '../rest-deps.js';
import { CONTRACT } from '../contract.js';
import { keyOf, tokenOf } from '../request.js';
import { respondError } from '../respond.js';
import { storeMultipartFiles } from './multipart-upload.js';
import { uploadBody } from '../presenters/files.js';

export function registerUpload(app: Hono, deps: RestDeps): void {
  for (const path of CONTRACT.upload.paths) {
    app.post(path, async (c) => {
      try {
        const caller = await resolveCaller(deps, tokenOf(c), { required: false });
        const clientKey = readClientKey(keyOf(c));
        if (caller.userId && !clientKey) throw new AppError('KEY_REQUIRED', 'Encryption key is required');
        const files = await storeMultipartFiles(deps, c.req.raw, caller, clientKey, deps.uploadTimeoutMs);
        return c.json(uploadBody(files));
      } catch (err) {
        return respondError(c, 'upload', err, deps.log);
      }
    });
  }
}
