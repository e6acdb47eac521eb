import type { FileListEntry, UploadedFile } from '@quarry/api';
import { formatUtc } from '../format.js';

/** The contract's file list row: [id, name, created, visibility, encryption]. */
export const fileListRow = (f: FileListEntry) => [f.id, f.name, formatUtc(f.createdAt), f.visibility, f.encrypted ? 'encrypted' : 'unencrypted'];

export const uploadBody = (files: UploadedFile[]) => ({
  file_ids: files.map((f) => [f.id, f.name]),
  message: files.length === 1 ? 'File uploaded successfully' : 'Files uploaded successfully',
});
