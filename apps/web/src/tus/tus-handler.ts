import { Server } from '@tus/server';
import { MemoryLocker } from '@tus/server';
import {
  RESUMABLE_MAX_BYTES,
  UploadStaging,
  checkKeyRule,
  expireResumableUploads,
  getResumableUpload,
  isAppError,
  operations,
  readClientKey,
  resolveCaller,
  type ResumableDeps,
} from '@quarry/api';
import type { Logger } from '@quarry/config';
import { HTTP_STATUS } from '@quarry/rest-compat';
import { HTTP_PATHS } from '@quarry/vocabulary';
import { QuarryTusStore, currentUploader } from './tus-store.js';

/** Response header naming the file a finished upload became (also in HEAD's Upload-Metadata). */
export const FILE_ID_HEADER = 'Quarry-File-Id';

export interface TusHandler {
  handle(req: Request): Promise<Response>;
  /** Removes expired uploads every `everyMs` until stopped. */
  startExpiry(everyMs?: number): () => void;
}

/**
 * tus resumable uploads at /api/tus, same rules as POST /upload: the token is optional (a bad one
 * is refused), a signed-in caller must send a key and the upload is private and encrypted as it
 * arrives; resuming needs the same token and key. Up to 1 GiB (one EVTX job's limit).
 */
export function createTusHandler(deps: ResumableDeps & { log: Logger }): TusHandler {
  const server = new Server({
    path: HTTP_PATHS.tus,
    datastore: new QuarryTusStore(deps),
    locker: new MemoryLocker(),
    maxSize: RESUMABLE_MAX_BYTES,
    relativeLocation: true,
    // Same origin only: the dashboard is served from here; no CORS for other sites.
    allowedOrigins: [],
    exposedHeaders: [FILE_ID_HEADER],
    namingFunction: () => UploadStaging.newId(),
    onUploadFinish: async (_req, upload) => {
      const who = currentUploader.getStore()!;
      const { fileId } = await getResumableUpload(deps, who, upload.id);
      const headers: Record<string, string> = fileId ? { [FILE_ID_HEADER]: fileId } : {};
      return { headers };
    },
    onResponseError: (_req, err) => {
      if (isAppError(err)) return { status_code: HTTP_STATUS[err.code], body: err.message };
      if ('status_code' in err) return undefined; // tus's own protocol errors pass as they are
      deps.log.error({ err }, 'tus upload failed');
      return { status_code: 500, body: 'Upload failed' };
    },
  });

  return {
    async handle(req) {
      // Upload contents are never served back: files are read through jobs only.
      if (req.method === 'GET') return new Response('Method not allowed', { status: 405 });
      try {
        const caller = await resolveCaller(deps, req.headers.get('x-service-api-token'), { required: false });
        const clientKey = readClientKey(req.headers.get('x-service-api-enc-key'));
        // Creating an upload is the upload operation: its key rule (a signed-in uploader sends a key) applies here too.
        if (req.method === 'POST') checkKeyRule(operations.uploadFile, caller.userId, clientKey);
        return await currentUploader.run({ caller, clientKey }, () => server.handleWeb(req));
      } catch (err) {
        if (isAppError(err)) return new Response(err.message, { status: HTTP_STATUS[err.code], headers: { 'Tus-Resumable': '1.0.0' } });
        throw err;
      }
    },
    startExpiry(everyMs = 60 * 60 * 1000) {
      const tick = () =>
        void expireResumableUploads(deps).then(
          (n) => n && deps.log.info({ removed: n }, 'expired resumable uploads removed'),
          (err: unknown) => deps.log.error({ err }, 'removing expired uploads failed'),
        );
      tick();
      const timer = setInterval(tick, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
