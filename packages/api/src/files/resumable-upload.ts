import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { PassThrough, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SEGMENT_SIZE, SegmentSealer, WrongKeyError, createDecryptStream, newDataKey, unwrapKey, wrapKey } from '@quarry/crypto';
import { files } from '@quarry/db';
import { newBlobKey } from '@quarry/storage';
import { LARGEST_JOB_BYTES } from '@quarry/vocabulary';
import type { Caller } from '../auth/caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';
import { GiB } from '../limits.js';
import { SizeMeter } from './size-meter.js';
import { UploadStaging, type StagedUpload } from './upload-staging.js';

/**
 * Resumable uploads may be as large as the largest job takes in total (a triage collection's 4 GiB:
 * one KAPE zip of a host is often past 1 GiB); POST /upload keeps the contract's 250 MB.
 */
export const RESUMABLE_MAX_BYTES = LARGEST_JOB_BYTES;
export const RESUMABLE_EXPIRY_MS = 24 * 60 * 60 * 1000;

export type ResumableDeps = Pick<ServiceDeps, 'db' | 'blobs'> & { staging: UploadStaging };

/** Who is asking: the same rules as POST /upload decide visibility and encryption. */
export interface Uploader {
  caller: Caller;
  clientKey: Buffer | null;
}

export interface ResumableUploadView {
  id: string;
  fileName: string;
  size: number;
  /** Plaintext bytes kept so far; a resumed upload continues from here. */
  offset: number;
  createdAt: string;
  fileId: string | null;
}

/**
 * Starts a resumable upload of `size` bytes. An authenticated caller must give a key and the
 * upload is private and encrypted as it arrives; an anonymous one is public and plain.
 */
export async function createResumableUpload(
  deps: ResumableDeps,
  who: Uploader,
  input: { fileName: string; size: number; maxBytes?: number; /** made by UploadStaging.newId; a fresh one when absent */ id?: string },
): Promise<ResumableUploadView> {
  if (who.caller.userId && !who.clientKey) throw new AppError('KEY_REQUIRED', 'Encryption key is required');
  const max = input.maxBytes ?? RESUMABLE_MAX_BYTES;
  if (!Number.isSafeInteger(input.size) || input.size < 0) throw new AppError('BAD_REQUEST', 'Upload length is required');
  if (input.size > max) throw new AppError('PAYLOAD_TOO_LARGE', `File too large: the limit is ${max / GiB} GB per resumable upload`);
  const encrypt = who.caller.userId !== null && who.clientKey !== null;
  const state: StagedUpload = {
    id: input.id ?? UploadStaging.newId(),
    fileName: input.fileName || 'upload',
    size: input.size,
    ownerId: who.caller.userId,
    encrypted: encrypt,
    wrappedKey: encrypt ? wrapKey(newDataKey(), who.clientKey!).toString('base64') : null,
    createdAt: new Date().toISOString(),
  };
  await deps.staging.create(state);
  return view(state, 0);
}

export async function getResumableUpload(deps: ResumableDeps, who: Uploader, id: string): Promise<ResumableUploadView> {
  const { state } = await openStaged(deps, who, id);
  return view(state, await durableOffset(deps, state));
}

/**
 * Appends `content` at `offset`. Private bytes are sealed a whole 64 KiB segment at a time and
 * only sealed segments are written; a trailing part segment is held in memory for this request
 * only and dropped if the request ends early, so the returned offset can be lower than what
 * arrived and the client sends those bytes again (tus allows it). The last byte finishes the
 * upload: it becomes a file row + blob exactly like one from POST /upload.
 */
export async function appendResumableUpload(
  deps: ResumableDeps,
  who: Uploader,
  input: { id: string; offset: number; content: Readable | AsyncIterable<Uint8Array> },
): Promise<ResumableUploadView> {
  const { state, dataKey } = await openStaged(deps, who, input.id);
  const start = await durableOffset(deps, state);
  if (state.fileId || input.offset !== start) throw new AppError('BAD_REQUEST', `Upload offset is ${start}, not ${input.offset}`);

  const handle = await deps.staging.openPart(state.id);
  let reached = start;
  try {
    const sealer = dataKey ? await resumeSealer(handle, dataKey, start) : null;
    // Anything past the last whole segment (a write cut short by a crash) is dropped first.
    const keep = sealer ? SegmentSealer.sealedLength(sealer.segmentSize, sealer.sealedSegments) : start;
    await handle.truncate(keep);
    let position = keep;
    const write = async (parts: Buffer[]) => {
      const { bytesWritten } = await handle.writev(parts, position);
      position += bytesWritten;
    };
    const pending: Buffer[] = [];
    let pendingBytes = 0;
    try {
      for await (const chunk of input.content) {
        const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        if (reached + pendingBytes + buf.length > state.size) throw new AppError('PAYLOAD_TOO_LARGE', 'More bytes than the upload length');
        if (!sealer) {
          await write([buf]);
          reached += buf.length;
          continue;
        }
        pending.push(buf);
        pendingBytes += buf.length;
        // A whole segment is sealed as non-final only when bytes are still due after it.
        while (pendingBytes >= sealer.segmentSize && reached + sealer.segmentSize < state.size) {
          const segment = takeBytes(pending, sealer.segmentSize);
          pendingBytes -= segment.length;
          await write(sealer.seal(segment, false));
          reached += segment.length;
        }
        if (reached + pendingBytes === state.size) {
          const last = takeBytes(pending, pendingBytes);
          pendingBytes = 0;
          await write(sealer.seal(last, true));
          reached += last.length;
        }
      }
    } catch (err) {
      // The client went away (or sent too much): what is sealed stays, the rest is resent on resume.
      if (err instanceof AppError) throw err;
    }
    if (sealer && state.size === 0 && reached === 0) await write(sealer.seal(Buffer.alloc(0), true));
    await handle.sync();
  } finally {
    await handle.close();
  }
  if (reached === state.size) state.fileId = await finishUpload(deps, state, dataKey);
  return view(state, reached);
}

/** Abandons an upload: its bytes and state go at once. */
export async function removeResumableUpload(deps: ResumableDeps, who: Uploader, id: string): Promise<void> {
  await openStaged(deps, who, id);
  await deps.staging.remove(id);
}

/** Removes uploads older than `maxAgeMs` (run on a timer by the server); returns how many. */
export function expireResumableUploads(deps: Pick<ResumableDeps, 'staging'>, maxAgeMs = RESUMABLE_EXPIRY_MS, now = new Date()): Promise<number> {
  return deps.staging.removeCreatedBefore(new Date(now.getTime() - maxAgeMs));
}

/**
 * Resuming needs the same token (another user's upload answers like a missing one) and, when
 * private, the same key (checked by unwrapping the data key: a wrong key fails authentication).
 */
async function openStaged(deps: ResumableDeps, who: Uploader, id: string): Promise<{ state: StagedUpload; dataKey: Buffer | null }> {
  const state = await deps.staging.load(id);
  if (!state || state.ownerId !== who.caller.userId) throw new AppError('NOT_FOUND', 'Upload not found');
  if (!state.encrypted) return { state, dataKey: null };
  if (!who.clientKey) throw new AppError('KEY_REQUIRED', 'Encryption key is required');
  try {
    return { state, dataKey: unwrapKey(Buffer.from(state.wrappedKey!, 'base64'), who.clientKey) };
  } catch (err) {
    if (err instanceof WrongKeyError) throw new AppError('WRONG_KEY', 'Encryption key is invalid for this upload');
    throw err;
  }
}

/** Plaintext bytes safely on disk, read from the part file's length (whole segments only). */
async function durableOffset(deps: ResumableDeps, state: StagedUpload): Promise<number> {
  if (state.fileId) return state.size;
  const length = await deps.staging.partLength(state.id);
  if (!state.encrypted) return Math.min(length, state.size);
  const headerBytes = SegmentSealer.sealedLength(SEGMENT_SIZE, 0);
  const perSegment = SegmentSealer.sealedLength(SEGMENT_SIZE, 1) - headerBytes;
  const segments = Math.max(0, Math.floor((length - headerBytes) / perSegment));
  return Math.min(segments * SEGMENT_SIZE, state.size);
}

async function resumeSealer(handle: FileHandle, dataKey: Buffer, offset: number): Promise<SegmentSealer> {
  if (offset === 0) {
    const sealer = SegmentSealer.start(dataKey);
    await handle.truncate(0);
    await handle.write(sealer.header, 0, sealer.header.length, 0);
    return sealer;
  }
  const header = Buffer.alloc(SegmentSealer.sealedLength(SEGMENT_SIZE, 0));
  await handle.read(header, 0, header.length, 0);
  return SegmentSealer.resume(dataKey, header, offset / SEGMENT_SIZE);
}

/**
 * Moves the finished part into the blob store (as stored: ciphertext stays ciphertext) while
 * reading it once more to measure and hash the plaintext (decrypting in memory for private
 * files, which also proves the stream whole), then writes the file row.
 */
async function finishUpload(deps: ResumableDeps, state: StagedUpload, dataKey: Buffer | null): Promise<string> {
  const blobKey = newBlobKey();
  const meter = new SizeMeter(state.size);
  const toBlob = new PassThrough();
  const toHash = new PassThrough();
  const source = createReadStream(deps.staging.partPath(state.id));
  source.pipe(toBlob);
  source.pipe(toHash);
  try {
    const stored = deps.blobs.put(blobKey, toBlob);
    stored.catch((err: unknown) => source.destroy(err as Error));
    const drain = new Writable({ write: (_c, _e, done) => done() });
    const hashed = dataKey ? pipeline(toHash, createDecryptStream(dataKey), meter, drain) : pipeline(toHash, meter, drain);
    await Promise.all([stored, hashed]);
  } catch (err) {
    source.destroy();
    await deps.blobs.delete(blobKey).catch(() => undefined);
    throw err;
  }
  const row = await files.create(deps.db, {
    ownerId: state.ownerId,
    originalName: state.fileName,
    size: BigInt(meter.bytes),
    sha256: meter.sha256(),
    visibility: state.encrypted ? 'private' : 'public',
    encrypted: state.encrypted,
    wrappedKey: state.wrappedKey ? Buffer.from(state.wrappedKey, 'base64') : null,
    blobKey,
  });
  // The state is kept (until it expires) so a client that missed the last answer learns the file id.
  await deps.staging.save({ ...state, fileId: row.id });
  await deps.staging.removePart(state.id);
  return row.id;
}

function takeBytes(queue: Buffer[], n: number): Buffer {
  const out = Buffer.allocUnsafe(n);
  let filled = 0;
  while (filled < n) {
    const head = queue[0]!;
    const used = Math.min(head.length, n - filled);
    head.copy(out, filled, 0, used);
    filled += used;
    if (used === head.length) queue.shift();
    else queue[0] = head.subarray(used);
  }
  return out;
}

function view(state: StagedUpload, offset: number): ResumableUploadView {
  return { id: state.id, fileName: state.fileName, size: state.size, offset, createdAt: state.createdAt, fileId: state.fileId ?? null };
}
