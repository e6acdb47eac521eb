import { createInflateRaw, type InflateRaw } from 'node:zlib';

/**
 * A member's deflate stream inflated by node's zlib (native, on libuv's thread pool), fed one slice
 * at a time: the next slice is written only once the last one has been inflated, so what is held
 * is one slice's output. The deflate stream knows its own end: `write` says how many bytes of a
 * slice it took, which is how a member with a data descriptor is ended without trusting a
 * signature that compressed bytes may contain.
 */
export class Inflater {
  private readonly z: InflateRaw;
  private readonly out: Buffer[] = [];
  private ended = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  /**
   * `chunkSize`: bytes of output zlib hands on at a time. Node's default (16 KiB) makes a 'data'
   * event and a buffer per 16 KiB, which cost three to four times the inflating itself.
   */
  constructor(chunkSize: number) {
    this.z = createInflateRaw({ chunkSize });
    this.z.on('data', (chunk: Buffer) => {
      this.out.push(chunk);
      this.poke();
    });
    this.z.on('end', () => {
      this.ended = true;
      this.poke();
    });
    this.z.on('error', (err: Error) => {
      this.failure = err;
      this.poke();
    });
  }

  /** Inflated bytes not yet handed on, oldest first. */
  shift(): Buffer | undefined {
    return this.out.shift();
  }

  /** The deflate stream's error (bad data, or it stopped short at `finish`), if any. */
  get error(): Error | null {
    return this.failure;
  }

  /** True once the deflate stream has ended and all its output has been delivered. */
  get done(): boolean {
    return this.ended;
  }

  /** Inflates one slice; resolves with how many of its bytes the stream took (fewer: it ended inside). */
  async write(slice: Uint8Array): Promise<number> {
    if (this.failure || this.ended) return 0;
    const before = this.z.bytesWritten;
    let written = false;
    this.z.write(slice, () => {
      written = true;
      this.poke();
    });
    await this.until(() => written || this.failure !== null);
    return this.z.bytesWritten - before;
  }

  /** No more input: waits for the stream's end (or the error saying it stopped short). */
  async finish(): Promise<void> {
    if (!this.ended && !this.failure) this.z.end();
    await this.until(() => this.ended || this.failure !== null);
  }

  /** Waits for the end the stream reached inside a slice (its last output may still be on its way). */
  async settle(): Promise<void> {
    await this.until(() => this.ended || this.failure !== null);
  }

  /** Frees zlib's state when the member is left before its end. */
  close(): void {
    if (!this.z.destroyed) this.z.destroy();
  }

  private poke(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private async until(ready: () => boolean): Promise<void> {
    while (!ready()) await new Promise<void>((resolve) => (this.wake = resolve));
  }
}
