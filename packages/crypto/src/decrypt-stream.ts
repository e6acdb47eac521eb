import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { ByteQueue } from './byte-queue.js';
import { IntegrityError, assertKey } from './errors.js';
import { TAG_BYTES, gcmOpen } from './gcm.js';
import { deriveKey } from './kdf.js';
import { HEADER_BYTES, KEY_INFO, parseHeader, segmentNonce, type StreamHeader } from './stream-format.js';

class DecryptStream extends Transform {
  private readonly dataKey: Uint8Array;
  private header: StreamHeader | null = null;
  private key: Buffer | null = null;
  private readonly pending = new ByteQueue();
  /** Reused to assemble a segment that spans input chunks; sized once the header is known. */
  private scratch = Buffer.alloc(0);
  private counter = 0;

  constructor(dataKey: Uint8Array) {
    super();
    assertKey(dataKey, 'data key');
    this.dataKey = dataKey;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.pending.push(chunk);
      if (!this.header) {
        if (this.pending.length < HEADER_BYTES) return done();
        // Copied out of the queue: the header outlives the chunk it arrived in (it is every segment's AAD).
        this.header = parseHeader(Buffer.from(this.pending.take(HEADER_BYTES, Buffer.allocUnsafe(HEADER_BYTES))));
        this.key = deriveKey(this.dataKey, this.header.salt, KEY_INFO);
        this.scratch = Buffer.allocUnsafe(this.header.segmentSize + TAG_BYTES);
      }
      const sealedSize = this.header.segmentSize + TAG_BYTES;
      // Only a segment followed by more bytes is known not to be the last one.
      while (this.pending.length > sealedSize) this.open(this.pending.take(sealedSize, this.scratch), false);
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      if (!this.header) {
        throw new IntegrityError(`truncated: needs ${HEADER_BYTES} bytes, got ${this.pending.length}`, 'stream header', 0);
      }
      if (this.pending.length < TAG_BYTES) {
        throw new IntegrityError('truncated: the final segment is missing', 'segment', this.segmentOffset());
      }
      this.open(this.pending.take(this.pending.length, this.scratch), true);
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  private segmentOffset(): number {
    return HEADER_BYTES + this.counter * (this.header!.segmentSize + TAG_BYTES);
  }

  private open(sealed: Buffer, final: boolean): void {
    const header = this.header!;
    const nonce = segmentNonce(header.prefix, this.counter, final);
    const plain = gcmOpen(this.key!, nonce, sealed, header.bytes);
    if (!plain) {
      throw new IntegrityError(
        `segment ${this.counter} failed authentication (altered, reordered, truncated, extended, or wrong key)`,
        'segment',
        this.segmentOffset(),
      );
    }
    this.counter++;
    this.push(plain);
  }
}

/**
 * A Transform that decrypts a segmented stream. Each segment is authenticated before its
 * plaintext is emitted, but the stream as a whole is only proven complete when it ends without
 * an IntegrityError: consumers must not act on the output before that.
 */
export function createDecryptStream(dataKey: Uint8Array): Transform {
  return new DecryptStream(dataKey);
}

/** Decrypts a whole segmented stream into memory (for inputs known to be small enough). */
export async function decryptToBuffer(source: Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array> | Uint8Array, dataKey: Uint8Array): Promise<Buffer> {
  const parts: Buffer[] = [];
  const input = source instanceof Uint8Array ? [source] : source;
  await pipeline(input, createDecryptStream(dataKey), async (plain: AsyncIterable<Buffer>) => {
    for await (const part of plain) parts.push(part);
  });
  return Buffer.concat(parts);
}
