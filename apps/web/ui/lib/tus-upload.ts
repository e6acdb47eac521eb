import * as tus from 'tus-js-client';
import { HTTP_PATHS } from '@quarry/vocabulary';
import { sessionHeaders } from './session-store';

export interface TusHandle {
  start(): void;
  pause(): Promise<void>;
}

/**
 * One resumable upload to /api/tus. The session's token and key go as headers on every request
 * (never in the URL); tus-js-client remembers the upload's URL (a random id, no secret) so a
 * paused or broken upload continues from the server's offset.
 */
export function tusUpload(
  file: File,
  on: { progress(sent: number, total: number): void; done(fileId: string | null): void; failed(message: string): void },
): TusHandle {
  const upload = new tus.Upload(file, {
    endpoint: HTTP_PATHS.tus,
    headers: sessionHeaders(),
    metadata: { filename: file.name },
    retryDelays: [0, 1000, 3000, 5000, 10000],
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => on.progress(sent, total),
    onSuccess: ({ lastResponse }) => on.done(lastResponse.getHeader('Quarry-File-Id') ?? null),
    onError: (err) => {
      const body = (err as tus.DetailedError).originalResponse?.getBody();
      on.failed(body || err.message);
    },
  });
  return {
    start() {
      // Resume where a previous attempt of the same file stopped, if the server still has it.
      void upload.findPreviousUploads().then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      });
    },
    pause: () => upload.abort(),
  };
}
