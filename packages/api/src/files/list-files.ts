import type { Caller } from '../auth/caller.js';
import { files } from '@quarry/db';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';

export interface FileListEntry {
  id: string;
  name: string;
  createdAt: Date;
  visibility: 'public' | 'private';
  encrypted: boolean;
}

/** The caller's own files in creation order. */
export async function listFiles(deps: ServiceDeps, caller: Caller): Promise<FileListEntry[]> {
  if (!caller.userId) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  const rows = await files.listByOwner(deps.db, caller.userId);
  return rows.map((r) => ({
    id: r.id,
    name: r.originalName,
    createdAt: r.createdAt,
    visibility: r.visibility,
    encrypted: r.encrypted,
  }));
}
