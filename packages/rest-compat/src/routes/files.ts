import type { Hono } from 'hono';
import { deleteFiles, deleteFilesSchema, listFiles, resolveCaller, validate } from '@quarry/api';
import type { RestDeps } from '../rest-deps.js';
import { CONTRACT } from '../contract.js';
import { fileListRow } from '../presenters/files.js';
import { jsonBody, tokenOf } from '../request.js';
import { respondError } from '../respond.js';

export function registerFiles(app: Hono, deps: RestDeps): void {
  app.get(CONTRACT.listFiles.paths[0], async (c) => {
    try {
      const caller = await resolveCaller(deps, tokenOf(c), { required: true });
      return c.json({ files: (await listFiles(deps, caller)).map(fileListRow) });
    } catch (err) {
      return respondError(c, 'listFiles', err, deps.log);
    }
  });

  app.post(CONTRACT.deleteFiles.paths[0], async (c) => {
    try {
      const caller = await resolveCaller(deps, tokenOf(c), { required: true });
      const body = await jsonBody(c).catch(() => ({}) as Record<string, unknown>);
      await deleteFiles(deps, caller, validate(deleteFilesSchema, body));
      return c.json({ message: 'File deleted successfully' });
    } catch (err) {
      return respondError(c, 'deleteFiles', err, deps.log);
    }
  });
}
