import { z } from 'zod';
import { VISIBILITIES } from '@quarry/vocabulary';
import { messageBody, utcDate, uuid } from './common.schema.js';

/** POST /upload: one [file_id, file_name] pair per stored file, in form order. */
export const uploadResponse = z.strictObject({ file_ids: z.array(z.tuple([uuid, z.string()])), message: z.string() }).meta({ id: 'UploadResponse' });

/** GET /analysis/file/list: rows with fixed positions (presenters/files.ts). */
export const fileListResponse = z
  .strictObject({
    files: z.array(z.tuple([uuid, z.string(), utcDate, z.enum(VISIBILITIES), z.enum(['encrypted', 'unencrypted'])])),
  })
  .meta({ id: 'FileListResponse' });

export const deleteFilesResponse = messageBody('File deleted successfully').meta({ id: 'DeleteFilesResponse' });
