/** FIFO of byte chunks: collects stream input without re-concatenating on every write. */
export class ByteQueue {
  private chunks: Buffer[] = [];
  /** Index of the first unconsumed chunk, and offset into it (no array shifting per chunk). */
  private first = 0;
  private offset = 0;
  length = 0;

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /**
   * Removes the first `n` bytes (n <= length, n <= scratch.length) and returns them: a view into
   * the queued chunk when they lie in one, else copied into `scratch`. Either way the result is
   * only valid until the next call, so callers use it at once (cipher input) and allocate nothing.
   */
  take(n: number, scratch: Buffer): Buffer {
    const head = this.chunks[this.first];
    if (head && head.length - this.offset >= n) {
      const out = head.subarray(this.offset, this.offset + n);
      this.advance(head, n);
      return out;
    }
    const out = scratch.subarray(0, n);
    let filled = 0;
    while (filled < n) {
      const chunk = this.chunks[this.first]!;
      const k = Math.min(chunk.length - this.offset, n - filled);
      chunk.copy(out, filled, this.offset, this.offset + k);
      filled += k;
      this.advance(chunk, k);
    }
    return out;
  }

  private advance(chunk: Buffer, k: number): void {
    this.offset += k;
    this.length -= k;
    if (this.offset < chunk.length) return;
    this.offset = 0;
    this.first++;
    if (this.first === this.chunks.length) {
      this.chunks = [];
      this.first = 0;
    } else if (this.first >= 1024) {
      this.chunks = this.chunks.slice(this.first);
      this.first = 0;
    }
  }
}
