/**
 * The bytes of a zip as they arrive, read forward with a little look-ahead: the walk asks for as
 * many bytes as it needs to decide (a header, a slice of a member) and nothing more is pulled from
 * the source, so a slow consumer slows the read instead of buffering.
 */
export class ZipSource {
  private readonly it: AsyncIterator<Uint8Array>;
  private buf: Buffer = Buffer.alloc(0);
  private pos = 0;
  private done = false;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.it = source[Symbol.asyncIterator]();
  }

  /** Bytes buffered and not yet taken. */
  get available(): number {
    return this.buf.length - this.pos;
  }

  /** True once the source has ended: what is buffered is all there is. */
  get finished(): boolean {
    return this.done;
  }

  /** Buffers at least `n` bytes unless the source ends first; true when they are there. */
  async ensure(n: number): Promise<boolean> {
    while (this.available < n && !this.done) {
      const r = await this.it.next();
      if (r.done) {
        this.done = true;
        break;
      }
      if (r.value.length === 0) continue;
      const chunk = Buffer.from(r.value.buffer, r.value.byteOffset, r.value.length);
      this.buf = this.available === 0 ? chunk : Buffer.concat([this.buf.subarray(this.pos), chunk]);
      this.pos = 0;
    }
    return this.available >= n;
  }

  /** Pulls one more piece when nothing is buffered; false at the source's end. */
  async fill(): Promise<boolean> {
    return this.available > 0 || (await this.ensure(1));
  }

  /** The buffered bytes from here, without taking them. */
  peek(): Buffer {
    return this.buf.subarray(this.pos);
  }

  /** Takes up to `n` buffered bytes (no more than are buffered). */
  take(n: number): Buffer {
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += out.length;
    return out;
  }

  /** Gives back the last `n` bytes taken: valid only before the next `ensure`. */
  untake(n: number): void {
    this.pos -= n;
  }

  /** Stops reading the source early (the walk was left). */
  async close(): Promise<void> {
    if (!this.done) {
      this.done = true;
      await this.it.return?.();
    }
  }
}
