/**
 * A growing byte buffer that output is written into: no string per record, no concatenation.
 * Reused across records and chunks.
 */
export class OutBuffer {
  pos = 0;

  /** `buf` may be a recycled buffer; growing replaces it with one that owns a whole ArrayBuffer (transferable). */
  constructor(public buf: Buffer = Buffer.allocUnsafeSlow(1 << 18)) {}

  /** Room for `n` more bytes. */
  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const grown = Buffer.allocUnsafeSlow(size);
    this.buf.copy(grown, 0, 0, this.pos);
    this.buf = grown;
  }

  /** Pre-encoded bytes; short ones (most template pieces) copy faster in a loop than with set(). */
  bytes(b: Uint8Array): void {
    const n = b.length;
    this.ensure(n);
    const buf = this.buf;
    let pos = this.pos;
    if (n < 48) {
      for (let i = 0; i < n; i++) buf[pos++] = b[i]!;
    } else {
      buf.set(b, pos);
      pos += n;
    }
    this.pos = pos;
  }

  /** A string of code units below 0x80 only. */
  ascii(s: string): void {
    const n = s.length;
    this.ensure(n);
    const buf = this.buf;
    let pos = this.pos;
    for (let i = 0; i < n; i++) buf[pos++] = s.charCodeAt(i);
    this.pos = pos;
  }

  /** Any string, as UTF-8. */
  string(s: string): void {
    this.ensure(s.length * 3);
    this.pos += this.buf.write(s, this.pos, 'utf8');
  }

  byte(b: number): void {
    this.ensure(1);
    this.buf[this.pos++] = b;
  }

  /** The bytes written since `from`, as a string. */
  text(from: number): string {
    return this.buf.toString('utf8', from, this.pos);
  }
}
