import { AppError } from '../../errors/app-error.js';
import { UPLOAD_MAX_FILE_BYTES } from '../../limits.js';

/** Room for the form's other parts (operations, map) and boundaries beside the one file. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;
export const GRAPHQL_MULTIPART_MAX_BYTES = UPLOAD_MAX_FILE_BYTES + FORM_OVERHEAD_BYTES;

/**
 * yoga reads a multipart request whole before any resolver runs, so its size is bounded here, on
 * the way in: a declared length over the limit is refused at once, and an undeclared one is cut
 * off as soon as it passes it. uploadFile then bounds the file itself, as the REST upload does.
 */
export function boundedMultipart(req: Request, maxBytes = GRAPHQL_MULTIPART_MAX_BYTES): Request | Response {
  if (req.method !== 'POST' || !/^multipart\/form-data/i.test(req.headers.get('content-type') ?? '') || !req.body) return req;
  const declared = Number(req.headers.get('content-length') ?? Number.NaN);
  // Worded as yoga words its own size refusals, so a cut-off body is answered 413 too (errors.ts codes it).
  const tooLarge = () =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `File size limit exceeded: a multipart request may hold ${maxBytes} bytes (one file of at most ${UPLOAD_MAX_FILE_BYTES / 1024 / 1024} MB)`,
    );
  if (declared > maxBytes) return refused(tooLarge());
  let seen = 0;
  const counted = req.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(tooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Request(req.url, { method: req.method, headers: req.headers, body: counted, signal: req.signal, duplex: 'half' } as RequestInit);
}

/** Answered before yoga reads a byte of the body: a GraphQL error with its code, HTTP 413. */
function refused(error: AppError): Response {
  return Response.json({ errors: [{ message: error.message, extensions: { code: error.code } }] }, { status: 413 });
}
