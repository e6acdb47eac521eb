import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from '../errors/app-error.js';

/** Passes bytes through while hashing and counting them; fails as soon as the cap is crossed. */
export class SizeMeter extends Transform {
  bytes = 0;
  private readonly hash = createHash('sha256');

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      done(new AppError('PAYLOAD_TOO_LARGE', `File too large: the limit is ${this.maxBytes / 1024 / 1024} MB per file`));
      return;
    }
    this.hash.update(chunk);
    done(null, chunk);
  }

  sha256(): string {
    return this.hash.digest('hex');
  }
}
