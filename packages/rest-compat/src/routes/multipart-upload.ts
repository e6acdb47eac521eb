import { Readable } from 'node:stream';
import busboy from 'busboy';
import { AppError, discardFiles, UPLOAD_TIMEOUT_MS, type ServiceDeps, type UploadedFile } from '@quarry/api';

const DRAIN_GRACE_MS = 5_000;

const multipartError = (detail: string) => new AppError('BAD_REQUEST', `Failed to process multipart form: ${detail}`);

/**
 * Streams every `files` part of a multipart body into storage through `store`, in order. All or
 * nothing: on any failure (bad form, size, timeout) the files already stored by this request are removed.
 */
export async function storeMultipartFiles(
  deps: ServiceDeps,
  req: Request,
  store: (fileName: string, content: Readable) => Promise<UploadedFile>,
  timeoutMs = UPLOAD_TIMEOUT_MS,
): Promise<UploadedFile[]> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) throw multipartError('Content-Type must be multipart/form-data');
  if (!req.body) throw multipartError('request body is empty');

  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8' });
  } catch (err) {
    throw multipartError((err as Error).message);
  }

  const body = Readable.fromWeb(req.body as import('node:stream/web').ReadableStream);
  const stored: UploadedFile[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let failed = false;
      let pending = Promise.resolve();
      const fail = (err: unknown) => {
        if (failed) return;
        failed = true;
        clearTimeout(timer);
        body.unpipe(parser);
        // Discard the rest so the error reply reaches the client; cut off a client that keeps
        // sending long after it has been answered.
        body.resume();
        setTimeout(() => body.destroy(), DRAIN_GRACE_MS).unref();
        reject(err);
      };
      const timer = setTimeout(() => fail(new AppError('TIMEOUT', `Upload timed out: it must finish within ${timeoutMs / 1000} seconds`)), timeoutMs);

      parser.on('file', (field, stream, info) => {
        if (field !== 'files' || failed) {
          stream.resume();
          return;
        }
        const name = info.filename || 'unnamed';
        // Parts arrive one after another; chaining keeps the stored order equal to the form order.
        pending = pending.then(() =>
          store(name, stream).then((f) => {
            stored.push(f);
          }, fail),
        );
      });
      parser.on('error', (err: Error) => fail(multipartError(err.message)));
      parser.on('close', () => {
        void pending.then(() => {
          if (failed) return;
          clearTimeout(timer);
          if (stored.length === 0) fail(multipartError('no file in field "files"'));
          else resolve();
        });
      });
      body.on('error', (err) => fail(multipartError(err.message)));
      body.pipe(parser);
    });
    return stored;
  } catch (err) {
    await discardFiles(
      deps,
      stored.map((f) => f.id),
    );
    throw err;
  }
}
