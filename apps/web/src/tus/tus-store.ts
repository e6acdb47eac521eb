import { AsyncLocalStorage } from 'node:async_hooks';
import { Readable } from 'node:stream';
import { DataStore, Upload } from '@tus/utils';
import {
  RESUMABLE_EXPIRY_MS,
  appendResumableUpload,
  createResumableUpload,
  expireResumableUploads,
  getResumableUpload,
  removeResumableUpload,
  type ResumableDeps,
  type ResumableUploadView,
  type Uploader,
} from '@quarry/api';

/** The caller of the request being handled; set by the route around each tus request. */
export const currentUploader = new AsyncLocalStorage<Uploader>();

/**
 * A tus DataStore over Quarry's resumable-upload service. tus-node-server calls stores without
 * the request, so the caller (token and key, checked by the route) travels in AsyncLocalStorage;
 * every rule (who may resume, encryption as bytes arrive, the file row at the end) is the
 * service's, so a tus upload ends as the same file as one sent to POST /upload.
 */
export class QuarryTusStore extends DataStore {
  constructor(private readonly deps: ResumableDeps) {
    super();
    // No creation-defer-length: the length is needed up front to know which segment is the last.
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  private who(): Uploader {
    const who = currentUploader.getStore();
    if (!who) throw new Error('tus store used outside a request');
    return who;
  }

  override async create(upload: Upload): Promise<Upload> {
    const who = this.who();
    const created = await createResumableUpload(this.deps, who, { id: upload.id, fileName: upload.metadata?.filename ?? 'upload', size: upload.size ?? -1 });
    upload.creation_date = created.createdAt;
    // tus finishes an empty upload without a PATCH; the service still has to seal and store it.
    if (upload.size === 0) await appendResumableUpload(this.deps, who, { id: upload.id, offset: 0, content: Readable.from([]) });
    return upload;
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    return (await appendResumableUpload(this.deps, this.who(), { id, offset, content: stream })).offset;
  }

  override async getUpload(id: string): Promise<Upload> {
    return toUpload(await getResumableUpload(this.deps, this.who(), id));
  }

  override async remove(id: string): Promise<void> {
    await removeResumableUpload(this.deps, this.who(), id);
  }

  override getExpiration(): number {
    return RESUMABLE_EXPIRY_MS;
  }

  override deleteExpired(): Promise<number> {
    return expireResumableUploads(this.deps);
  }
}

/** The file id is in the metadata once finished, so a HEAD tells a client that missed the last answer. */
function toUpload(v: ResumableUploadView): Upload {
  return new Upload({
    id: v.id,
    size: v.size,
    offset: v.offset,
    creation_date: v.createdAt,
    metadata: { filename: v.fileName, ...(v.fileId ? { fileId: v.fileId } : {}) },
  });
}
