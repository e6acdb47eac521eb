import type { Hono } from 'hono';
import { deleteFiles, listFiles, resolveCaller } from '@quarry/api';
import type { RestDeps } from '../rest-deps.js';
import { CONTRACT } from '../contract.js';
import { formatUtc } from '../format.js';
import { jsonBody, tokenOf } from '../request.js';
import { respondError } from '../respond.js';

export function registerFiles(app: Hono, deps: RestDeps): void {
  app.get(CONTRACT.listFiles.paths[0], async (c) => {
    try {
      const caller = await resolveCaller(deps, tokenOf(c), { required: true });
      const files = await listFiles(deps, caller);
      return c.json({
        files: files.map((f) => [f.id, f.name, formatUtc(f.createdAt), f.visibility, f.encrypted ? 'encrypted' : 'unencrypted']),
      });
    } catch (err) {
      return respondError(c, 'listFiles', err, deps.log);
    }
  });

  app.post(CONTRACT.deleteFiles.paths[0], async (c) => {
    try {
      const caller = await resolveCaller(deps, tokenOf(c), { required: true });
      const body = await jsonBody(c).catch(() => ({}) as Record<string, unknown>);
      await deleteFiles(deps, caller, body['ids']);
      return c.json({ message: 'File deleted successfully' });
    } catch (err) {
      return respondError(c, 'deleteFiles', err, deps.log);
    }
  });
}
