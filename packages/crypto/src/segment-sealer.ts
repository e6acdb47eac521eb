import { randomBytes } from 'node:crypto';
import { CryptoError, assertKey } from './errors.js';
import { gcmSealParts, TAG_BYTES } from './gcm.js';
import { deriveKey } from './kdf.js';
import { HEADER_BYTES, KEY_INFO, PREFIX_BYTES, SALT_BYTES, buildHeader, parseHeader, segmentNonce, type StreamHeader } from './stream-format.js';

/**
 * Seals one segmented stream (the layout of stream-format.ts, byte for byte what
 * createEncryptStream writes) a segment at a time, and can pick it up again from its header and
 * the number of segments already sealed. Resumable uploads need this: the stream is written over
 * many requests, possibly by different processes, and only whole sealed segments are ever kept,
 * so no plaintext has to wait on disk between requests.
 */
export class SegmentSealer {
  readonly header: Buffer;
  readonly segmentSize: number;
  private readonly parsed: StreamHeader;
  private readonly key: Buffer;
  private counter: number;
  private finished = false;

  private constructor(dataKey: Uint8Array, header: StreamHeader, counter: number) {
    assertKey(dataKey, 'data key');
    this.parsed = header;
    this.header = header.bytes;
    this.segmentSize = header.segmentSize;
    this.key = deriveKey(dataKey, header.salt, KEY_INFO);
    this.counter = counter;
  }

  /** A new stream under `dataKey` (fresh salt and nonce prefix). Write `header` first. */
  static start(dataKey: Uint8Array): SegmentSealer {
    return new SegmentSealer(dataKey, buildHeader(randomBytes(SALT_BYTES), randomBytes(PREFIX_BYTES)), 0);
  }

  /** Continues a stream whose `header` and first `sealedSegments` segments are already written. */
  static resume(dataKey: Uint8Array, header: Uint8Array, sealedSegments: number): SegmentSealer {
    if (header.length !== HEADER_BYTES) throw new CryptoError(`expected ${HEADER_BYTES} header bytes, got ${header.length}`, 'stream header', 0);
    return new SegmentSealer(dataKey, parseHeader(Buffer.from(header)), sealedSegments);
  }

  /** Bytes on disk for `segments` sealed full segments, header included. */
  static sealedLength(segmentSize: number, segments: number): number {
    return HEADER_BYTES + segments * (segmentSize + TAG_BYTES);
  }

  get sealedSegments(): number {
    return this.counter;
  }

  /**
   * Seals the next segment: [ciphertext, tag]. Every segment but the last must be exactly
   * `segmentSize` bytes; the last (final = true) may be 0..segmentSize and closes the stream.
   */
  seal(plaintext: Uint8Array, final: boolean): [Buffer, Buffer] {
    if (this.finished) throw new CryptoError('the stream is already finished', 'segment');
    if (!final && plaintext.length !== this.segmentSize) {
      throw new CryptoError(`a non-final segment must hold ${this.segmentSize} bytes, got ${plaintext.length}`, 'segment');
    }
    if (plaintext.length > this.segmentSize) throw new CryptoError(`segment over ${this.segmentSize} bytes`, 'segment');
    this.finished = final;
    return gcmSealParts(this.key, segmentNonce(this.parsed.prefix, this.counter++, final), plaintext, this.header);
  }
}
