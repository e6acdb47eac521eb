import { files } from '@quarry/db';
import type { FileListEntry } from '../../files/list-files.js';
import { resolveCaller } from '../../auth/caller.js';
import { isUuid } from '../../auth/formats.js';
import { builder } from './builder.js';
import type { GraphqlContext } from './context.js';
import { VisibilityEnum } from './enums.js';
import { connectionArgs, pageOf } from './paging.js';

export const FileRef = builder.objectRef<FileListEntry>('EvidenceFile');

/**
 * A file the caller may read, by uuid; someone else's private file reads as no file at all, as in
 * REST. The operations table has no "get one file" operation, so this read resolves the caller
 * itself (token only: file metadata needs no key).
 */
export async function loadFile(ctx: GraphqlContext, fileId: string): Promise<FileListEntry | null> {
  const caller = await resolveCaller(ctx.deps, ctx.request.token, { required: false });
  const row = isUuid(fileId) ? await files.get(ctx.deps.db, fileId.toLowerCase()) : null;
  if (!row || (row.visibility === 'private' && row.ownerId !== caller.userId)) return null;
  return { id: row.id, name: row.originalName, createdAt: row.createdAt, visibility: row.visibility, encrypted: row.encrypted };
}

builder.node(FileRef, {
  description: 'An uploaded evidence file. PRIVATE files are encrypted and readable only by their owner, with their key.',
  id: { resolve: (f) => f.id },
  loadOne: (id, ctx) => loadFile(ctx, id),
  fields: (t) => ({
    uuid: t.exposeString('id', { description: 'The id REST uses (file_ids).' }),
    name: t.exposeString('name'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    visibility: t.expose('visibility', { type: VisibilityEnum }),
    encrypted: t.exposeBoolean('encrypted'),
  }),
});

builder.queryField('files', (t) =>
  t.connection(
    {
      type: FileRef,
      description: "The caller's own files, oldest first (signed-in callers only).",
      ...connectionArgs,
      resolve: async (_root, args, ctx) => {
        return pageOf(args, await ctx.run('listFiles', undefined));
      },
    },
    {
      name: 'EvidenceFileConnection',
      fields: (t) => ({ totalCount: t.int({ description: 'Items across all pages.', resolve: (c) => (c as { totalCount: number }).totalCount }) }),
    },
    { name: 'EvidenceFileEdge' },
  ),
);
