import { EvtxError } from './errors.js';
import type { ByteSource } from './source.js';

/** An EVTX file arriving as a stream of known length (e.g. decrypted on the fly, never on disk). */
export interface EvtxStreamInput {
  stream: AsyncIterable<Uint8Array>;
  /**
   * Length of the file in bytes; a stream that ends early reads as a truncated file. May be an
   * upper bound when the length is not known before the end (a zip member with a data descriptor):
   * reading stops where the stream ends.
   */
  size: number;
  /** `size` is only an upper bound: the header's chunk count then decides whether chunks go to threads. */
  sizeIsBound?: boolean;
}

export const isStreamInput = (input: unknown): input is EvtxStreamInput => typeof input === 'object' && input !== null && 'stream' in input && 'size' in input;

/**
 * A ByteSource over a stream, read once from start to end: every read must start at or after the
 * end of the previous one (skipped bytes are dropped). Memory holds one pending piece of the
 * stream at most, besides the bytes asked for.
 */
export class StreamSource implements ByteSource {
  readonly forwardOnly = true;
  private readonly it: AsyncIterator<Uint8Array>;
  private pending: Uint8Array | null = null;
  private position = 0;
  private done = false;
  /** Reads run one after another, in the order they were asked for. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(input: EvtxStreamInput) {
    this.size = input.size;
    this.it = input.stream[Symbol.asyncIterator]();
  }

  readonly size: number;

  read(offset: number, len: number): Promise<Buffer> {
    const want = Math.max(0, Math.min(len, this.size - offset));
    return this.enqueue(async () => {
      const buf = Buffer.allocUnsafe(want);
      const got = await this.fill(buf, offset);
      return got === want ? buf : buf.subarray(0, got);
    });
  }

  readInto(target: Uint8Array, offset: number): Promise<number> {
    const want = Math.max(0, Math.min(target.length, this.size - offset));
    return this.enqueue(() => this.fill(target.subarray(0, want), offset));
  }

  readNow(offset: number): Buffer {
    throw new EvtxError('a streamed file can only be read forwards', 'file', offset);
  }

  async close(): Promise<void> {
    await this.queue.catch(() => undefined);
    if (!this.done) {
      this.done = true;
      await this.it.return?.();
    }
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Copies the stream's bytes [offset, offset + target.length) into target; returns the count. */
  private async fill(target: Uint8Array, offset: number): Promise<number> {
    if (offset < this.position) throw new EvtxError(`a streamed file can only be read forwards (asked for ${offset}, at ${this.position})`, 'file', offset);
    let skip = offset - this.position;
    let got = 0;
    while (got < target.length) {
      const piece = await this.next();
      if (!piece) break;
      if (skip >= piece.length) {
        skip -= piece.length;
        this.position += piece.length;
        continue;
      }
      const from = skip;
      skip = 0;
      const n = Math.min(piece.length - from, target.length - got);
      target.set(piece.subarray(from, from + n), got);
      got += n;
      this.position += from + n;
      if (from + n < piece.length) this.pending = piece.subarray(from + n);
    }
    return got;
  }

  private async next(): Promise<Uint8Array | null> {
    if (this.pending) {
      const p = this.pending;
      this.pending = null;
      return p;
    }
    if (this.done) return null;
    const r = await this.it.next();
    if (r.done) {
      this.done = true;
      return null;
    }
    return r.value;
  }
}
