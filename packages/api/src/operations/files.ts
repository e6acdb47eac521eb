import { Readable } from 'node:stream';
import { z } from 'zod';
import { deleteFiles } from '../files/delete-files.js';
import { deleteFilesSchema } from '../files/delete-files.schema.js';
import { listFiles } from '../files/list-files.js';
import { uploadFile } from '../files/upload-file.js';
import { noInput, operation } from './operation.js';

export const uploadFileOperation = operation({
  name: 'uploadFile',
  kind: 'mutation',
  summary: 'Stores one evidence file: private and encrypted under the client key for a signed-in caller, public otherwise.',
  access: 'anyone',
  // Without the rule a signed-in caller's evidence would be stored as public plaintext.
  key: 'requiredWhenSignedIn',
  transport: 'stream',
  input: z.object({
    fileName: z.string({ error: 'fileName must be a string' }),
    content: z.custom<Readable>((v) => v instanceof Readable, { error: 'content must be a byte stream' }),
  }),
  run: (ctx, input) => uploadFile(ctx.deps, { caller: ctx.caller, clientKey: ctx.clientKey, fileName: input.fileName, content: input.content }),
});

export const listFilesOperation = operation({
  name: 'listFiles',
  kind: 'query',
  summary: "The caller's files in upload order.",
  access: 'signedIn',
  key: 'ignored',
  transport: 'json',
  input: noInput,
  run: (ctx) => listFiles(ctx.deps, ctx.caller),
});

export const deleteFilesOperation = operation({
  name: 'deleteFiles',
  kind: 'mutation',
  summary: "Deletes the caller's files, all or nothing.",
  access: 'signedIn',
  key: 'ignored',
  transport: 'json',
  input: deleteFilesSchema,
  run: (ctx, input) => deleteFiles(ctx.deps, ctx.caller, input),
});
