import { randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { ByteQueue } from './byte-queue.js';
import { assertKey } from './errors.js';
import { gcmSealParts } from './gcm.js';
import { deriveKey } from './kdf.js';
import { KEY_INFO, PREFIX_BYTES, SALT_BYTES, SEGMENT_SIZE, buildHeader, segmentNonce, type StreamHeader } from './stream-format.js';

class EncryptStream extends Transform {
  private readonly header: StreamHeader;
  private readonly key: Buffer;
  private readonly pending = new ByteQueue();
  private readonly scratch = Buffer.allocUnsafe(SEGMENT_SIZE);
  private counter = 0;
  private headerSent = false;

  constructor(dataKey: Uint8Array) {
    super();
    assertKey(dataKey, 'data key');
    this.header = buildHeader(randomBytes(SALT_BYTES), randomBytes(PREFIX_BYTES));
    this.key = deriveKey(dataKey, this.header.salt, KEY_INFO);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.sendHeader();
      this.pending.push(chunk);
      // A full segment is sealed only once more data follows: the last one must carry the final flag.
      while (this.pending.length > this.header.segmentSize) this.seal(this.pending.take(this.header.segmentSize, this.scratch), false);
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      this.sendHeader();
      this.seal(this.pending.take(this.pending.length, this.scratch), true);
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  private sendHeader(): void {
    if (this.headerSent) return;
    this.headerSent = true;
    this.push(this.header.bytes);
  }

  private seal(plaintext: Buffer, final: boolean): void {
    const nonce = segmentNonce(this.header.prefix, this.counter++, final);
    const [body, tag] = gcmSealParts(this.key, nonce, plaintext, this.header.bytes);
    this.push(body);
    this.push(tag);
  }
}

/** A Transform that encrypts its input as a segmented stream under `dataKey`, in constant memory. */
export function createEncryptStream(dataKey: Uint8Array): Transform {
  return new EncryptStream(dataKey);
}
