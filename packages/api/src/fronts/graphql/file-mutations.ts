import { Readable } from 'node:stream';
import { builder, idOf } from './builder.js';
import { FileRef, loadFile } from './files.js';

/**
 * The part's bytes as they are read. yoga's File may hold a ponyfilled web stream, which
 * Readable.fromWeb refuses; a reader works with either.
 */
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value;
  } finally {
    reader.releaseLock();
  }
}

const UploadFilePayloadRef = builder.objectRef<{ file: NonNullable<Awaited<ReturnType<typeof loadFile>>> }>('UploadFilePayload').implement({
  fields: (t) => ({ file: t.field({ type: FileRef, resolve: (p) => p.file }) }),
});

const DeletePayloadRef = builder.objectRef<{ deletedIds: string[] }>('DeletePayload').implement({
  fields: (t) => ({ deletedIds: t.exposeIDList('deletedIds', { description: 'The ids deleted, as sent (without repeats).' }) }),
});

const DeleteInput = builder.inputType('DeleteInput', {
  description: "Ids to delete, all or nothing: one that is missing or not the caller's fails the whole call.",
  fields: (t) => ({ ids: t.idList() }),
});

builder.mutationFields((t) => ({
  uploadFile: t.field({
    type: UploadFilePayloadRef,
    description:
      'Stores one evidence file (a multipart request, graphql-multipart-request-spec), at most 250 MiB. A signed-in caller must send ' +
      'X-Service-API-Enc-Key: the file is then encrypted under it and PRIVATE; an anonymous upload is PUBLIC.',
    args: { file: t.arg({ type: 'File' }) },
    resolve: async (_root, args, ctx) => {
      // The operation applies REST's rules: the key a signed-in uploader must send, the size limit.
      const stored = await ctx.run('uploadFile', { fileName: args.file.name || 'unnamed', content: Readable.from(chunksOf(args.file.stream())) });
      const file = await loadFile(ctx, stored.id);
      if (!file) throw new Error('an uploaded file is not readable by its uploader');
      return { file };
    },
  }),
  deleteFiles: t.field({
    type: DeletePayloadRef,
    description: "Deletes the caller's files (signed-in callers only).",
    args: { input: t.arg({ type: DeleteInput }) },
    resolve: async (_root, { input }, ctx) => {
      const ids = [...new Set(input.ids)];
      await ctx.run('deleteFiles', { ids: ids.map((id) => idOf('EvidenceFile', id)) });
      return { deletedIds: ids };
    },
  }),
  deleteJobs: t.field({
    type: DeletePayloadRef,
    description: "Deletes the caller's jobs with their results, stopping running ones first (signed-in callers only).",
    args: { input: t.arg({ type: DeleteInput }) },
    resolve: async (_root, { input }, ctx) => {
      const ids = [...new Set(input.ids)];
      await ctx.run('deleteJobs', { ids: ids.map((id) => idOf('Job', id)) });
      return { deletedIds: ids };
    },
  }),
}));
