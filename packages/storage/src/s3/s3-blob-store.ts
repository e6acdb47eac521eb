import { randomBytes } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, paginateListObjectsV2, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertBlobKey } from '../blob-key.js';
import type { BlobEntry, ByteRange, CheckedBlobStore, PutOptions } from '../blob-store.js';
import { checkRange } from '../byte-range.js';
import { StorageError } from '../errors.js';
import { describeS3Error, isInvalidRange, isMissingObject, isPreconditionFailed } from './s3-errors.js';
import { formatS3Url, type S3Location } from './s3-url.js';

const MIB = 1024 * 1024;
/** A read that fails mid-body is resumed from the byte it stopped at, this many times per window. */
const BODY_RETRIES = 3;

export interface S3BlobStoreOptions extends S3Location {
  client: S3Client;
  /** Multipart part size (S3's minimum is 5 MiB). Memory per put is about (queueSize + 1) × partSize. */
  partSize?: number;
  /** Parts uploaded at once. */
  queueSize?: number;
  /** Bytes per ranged GET when streaming a blob. */
  readWindow?: number;
  /** The key grammar; blob keys by default (the file cache passes its own). */
  assertKey?: (key: string) => void;
  /** Keys per ListObjectsV2 page (S3's maximum, 1000, by default). */
  pageSize?: number;
}

/**
 * Blob store on any S3-compatible object store: `<prefix><key>` in one bucket. Puts stream through
 * a multipart upload with bounded memory and become visible only when complete (S3 publishes an
 * object atomically; a failed upload is aborted, so no parts linger). Gets are a sequence of
 * ranged GETs: a long, slowly consumed stream (decryption, parsing) never holds one HTTP
 * response open for the whole file, a dropped connection resumes where it stopped, and If-Match
 * on the first ETag makes a replaced object fail the read instead of splicing two versions.
 */
export class S3BlobStore implements CheckedBlobStore {
  readonly client: S3Client;
  readonly bucket: string;
  readonly prefix: string;
  private readonly partSize: number;
  private readonly queueSize: number;
  private readonly readWindow: number;
  private readonly assertKey: (key: string) => void;
  private readonly pageSize: number;

  constructor(options: S3BlobStoreOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.prefix = options.prefix;
    this.partSize = options.partSize ?? 8 * MIB;
    this.queueSize = options.queueSize ?? 2;
    this.readWindow = options.readWindow ?? 8 * MIB;
    this.assertKey = options.assertKey ?? assertBlobKey;
    this.pageSize = options.pageSize ?? 1000;
  }

  get location(): string {
    return formatS3Url(this);
  }

  /** The object key of a blob (the key is validated first). */
  objectKey(key: string): string {
    this.assertKey(key);
    return this.prefix + key;
  }

  /** The bucket answers to our credentials, and an object can be written and removed under the prefix. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      throw new StorageError(
        'UNAVAILABLE',
        '',
        `object store bucket ${this.location} is not reachable with the configured credentials: ${describeS3Error(err)}`,
        { cause: err },
      );
    }
    const probe = `quarrycheck${randomBytes(8).toString('hex')}`;
    try {
      await new Upload({ client: this.client, params: { Bucket: this.bucket, Key: this.prefix + probe, Body: Buffer.from('ok') } }).done();
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + probe }));
    } catch (err) {
      throw new StorageError('UNAVAILABLE', '', `cannot write to ${this.location}: ${describeS3Error(err)}`, { cause: err });
    }
  }

  async put(key: string, source: Readable | AsyncIterable<Uint8Array>, options: PutOptions = {}): Promise<{ size: number }> {
    try {
      return await this.upload(this.objectKey(key), source, options);
    } catch (err) {
      // As FsBlobStore: a producer piping into the source must learn of the failure.
      if (source instanceof Readable && !source.destroyed) source.destroy(source.listenerCount('error') > 0 ? (err as Error) : undefined);
      throw err;
    }
  }

  private async upload(objectKey: string, source: Readable | AsyncIterable<Uint8Array>, options: PutOptions): Promise<{ size: number }> {
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    // A failing or aborted source destroys `counted`, which fails the upload from inside; the
    // upload then aborts its multipart upload before done() settles, so nothing is left behind.
    // (Upload.abort() would settle at once, racing the clean-up it starts.)
    const feeding = pipeline(source, counted, options.signal ? { signal: options.signal } : {});
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: objectKey, Body: counted },
      partSize: this.partSize,
      queueSize: this.queueSize,
      leavePartsOnError: false,
    });
    const uploading = upload.done().catch((err: unknown) => {
      // The store failed first: stop the feed, or it would wait forever on backpressure.
      counted.destroy(err as Error);
      throw err;
    });
    const [fed, uploaded] = await Promise.allSettled([feeding, uploading]);
    if (fed.status === 'rejected') throw fed.reason;
    if (uploaded.status === 'rejected') throw uploaded.reason;
    return { size };
  }

  get(key: string, range?: ByteRange): Readable {
    const objectKey = this.objectKey(key);
    if (range) checkRange(range);
    return Readable.from(this.readWindows(key, objectKey, range), { objectMode: false });
  }

  private async *readWindows(key: string, objectKey: string, range: ByteRange | undefined): AsyncGenerator<Buffer> {
    let offset = range?.offset ?? 0;
    let end = range?.length === undefined ? Infinity : offset + range.length;
    let etag: string | undefined;
    let retries = BODY_RETRIES;
    while (offset < end) {
      const last = Math.min(end, offset + this.readWindow) - 1;
      let body: AsyncIterable<Uint8Array>;
      try {
        const res = await this.client.send(
          new GetObjectCommand({ Bucket: this.bucket, Key: objectKey, Range: `bytes=${offset}-${last}`, ...(etag ? { IfMatch: etag } : {}) }),
        );
        etag ??= res.ETag;
        // "bytes 0-8388607/104857600": the total bounds the windows still to read.
        const total = Number(/\/(\d+)$/.exec(res.ContentRange ?? '')?.[1]);
        if (Number.isFinite(total)) end = Math.min(end, total);
        body = res.Body as AsyncIterable<Uint8Array>;
      } catch (err) {
        if (isMissingObject(err)) throw new StorageError('NOT_FOUND', key, `blob ${key} not found`, { cause: err });
        // Starting at or past the end (an empty object, a range beyond it): nothing more to read.
        if (isInvalidRange(err)) return;
        if (isPreconditionFailed(err)) throw new StorageError('CHANGED', key, `blob ${key} was replaced while being read`, { cause: err });
        throw err;
      }
      const before = offset;
      try {
        for await (const chunk of body) {
          offset += chunk.length;
          yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        }
        retries = BODY_RETRIES;
        // A server that answers a range with no bytes and no error would loop forever here.
        if (offset === before) return;
      } catch (err) {
        // The connection broke mid-window: ask again from the byte we stopped at.
        if (--retries < 0) throw err;
      }
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a key that does not exist: deleting is idempotent as the interface wants.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /** ListObjectsV2 under the prefix, a page at a time (memory: one page). */
  async *list(): AsyncGenerator<BlobEntry> {
    for await (const page of paginateListObjectsV2({ client: this.client, pageSize: this.pageSize }, { Bucket: this.bucket, Prefix: this.prefix })) {
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.prefix.length) ?? '';
        if (!this.isKey(key)) continue;
        // No date (a non-conforming server): taken as new, so a sweep leaves it alone.
        yield { key, modifiedMs: object.LastModified?.getTime() ?? Date.now() };
      }
    }
  }

  private isKey(key: string): boolean {
    try {
      this.assertKey(key);
      return true;
    } catch {
      return false;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (err) {
      if (isMissingObject(err)) return false;
      throw err;
    }
  }
}
