/** A file sent as it is produced: the output of an operation whose result is `stream`. */
export interface Download {
  /** Content-Type, with its charset. */
  contentType: string;
  /** A file name safe in a Content-Disposition header (fileNameOf). */
  fileName: string;
  /** Pulled by the front as the client reads: nothing is produced ahead of the reader. */
  body: ReadableStream<Uint8Array>;
}

/**
 * A byte stream over text chunks. Each pull takes one chunk from `chunks`, so the producer runs
 * only as fast as the client reads (constant memory). `close` runs once, when the chunks end, fail
 * or the client goes away (cancel): it releases what the producer holds open (a store reader).
 * `failed` hears an error of the producer: the response is under way, so it can only end early.
 */
export function textStream(chunks: AsyncIterable<string>, close: () => void, failed: (err: unknown) => void = () => undefined): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const it = chunks[Symbol.asyncIterator]();
  let closed = false;
  const finish = () => {
    if (closed) return;
    closed = true;
    close();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          for (;;) {
            const next = await it.next();
            if (next.done) {
              finish();
              controller.close();
              return;
            }
            // Empty chunks would end a chunked response early in some clients: skip them.
            if (next.value.length > 0) {
              controller.enqueue(encoder.encode(next.value));
              return;
            }
          }
        } catch (err) {
          finish();
          failed(err);
          controller.error(err);
        }
      },
      async cancel() {
        try {
          await it.return?.();
        } finally {
          finish();
        }
      },
    },
    { highWaterMark: 1 },
  );
}

/** Characters a file name keeps; anything else becomes `_` (no quotes, slashes or controls in the header). */
const UNSAFE = /[^A-Za-z0-9._-]+/g;

/** `<job name>[-<insight>].<extension>`, ASCII only, at most 120 characters before the extension. */
export function fileNameOf(jobName: string, part: string | undefined, extension: string): string {
  const base = [jobName, part].filter((p): p is string => p !== undefined && p !== '').join('-');
  const safe =
    base
      .replace(UNSAFE, '_')
      .replace(/^[._]+/, '')
      .slice(0, 120) || 'export';
  return `${safe}.${extension}`;
}
