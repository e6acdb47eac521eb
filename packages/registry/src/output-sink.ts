import { writeFully } from '@quarry/binary';

const BLOCK = 1 << 20;

/**
 * One reusable output buffer written to a file descriptor in large blocks with writeSync: no
 * string or Buffer per line, and no stream back-pressure to await.
 */
export class OutputSink {
  buf = Buffer.allocUnsafe(BLOCK);
  pos = 0;

  constructor(private readonly fd: number) {}

  /** Makes room for n more bytes at `pos` (flushing, or growing for one oversized item). */
  reserve(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    this.flush();
    if (n > this.buf.length) this.buf = Buffer.allocUnsafe(n);
  }

  /** Pre-encoded bytes. */
  bytes(b: Uint8Array): void {
    this.reserve(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  /** A string as UTF-8 (3 bytes per UTF-16 unit at most). */
  text(s: string): void {
    this.reserve(s.length * 3);
    this.pos += this.buf.write(s, this.pos, 'utf8');
  }

  flush(): void {
    writeFully(this.fd, this.buf, this.pos);
    this.pos = 0;
  }
}
