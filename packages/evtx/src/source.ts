import { readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { EvtxError } from './errors.js';
import { StreamSource, isStreamInput, type EvtxStreamInput } from './stream-source.js';

/** Random-access reads over a file or an in-memory Buffer. */
export interface ByteSource {
  readonly size: number;
  /** Up to `len` bytes at `offset` (fewer at the end of the data). */
  read(offset: number, len: number): Promise<Buffer>;
  /** Fills `target` from `offset` (less at the end of the data); resolves to the byte count. */
  readInto(target: Uint8Array, offset: number): Promise<number>;
  /** The same, synchronously: for the many tiny reads of a header scan. */
  readNow(offset: number, len: number): Buffer;
  close(): Promise<void>;
  /** Reads go from start to end only (a stream): the oldest-chunk scan is skipped. */
  readonly forwardOnly?: boolean;
}

class BufferSource implements ByteSource {
  constructor(private readonly buf: Buffer) {}
  get size(): number {
    return this.buf.length;
  }
  read(offset: number, len: number): Promise<Buffer> {
    return Promise.resolve(this.readNow(offset, len));
  }
  readInto(target: Uint8Array, offset: number): Promise<number> {
    const part = this.readNow(offset, target.length);
    target.set(part);
    return Promise.resolve(part.length);
  }
  readNow(offset: number, len: number): Buffer {
    return this.buf.subarray(offset, Math.min(this.buf.length, offset + len));
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

class FileSource implements ByteSource {
  constructor(
    private readonly fh: FileHandle,
    readonly size: number,
  ) {}
  async read(offset: number, len: number): Promise<Buffer> {
    const buf = Buffer.allocUnsafe(Math.max(0, Math.min(len, this.size - offset)));
    const got = await this.readInto(buf, offset);
    return got === buf.length ? buf : buf.subarray(0, got);
  }
  async readInto(target: Uint8Array, offset: number): Promise<number> {
    const n = Math.max(0, Math.min(target.length, this.size - offset));
    let got = 0;
    while (got < n) {
      const { bytesRead } = await this.fh.read(target, got, n - got, offset + got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return got;
  }
  readNow(offset: number, len: number): Buffer {
    const n = Math.max(0, Math.min(len, this.size - offset));
    const buf = Buffer.allocUnsafe(n);
    let got = 0;
    while (got < n) {
      const bytesRead = readSync(this.fh.fd, buf, got, n - got, offset + got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return got === n ? buf : buf.subarray(0, got);
  }
  close(): Promise<void> {
    return this.fh.close();
  }
}

export async function openSource(input: string | Buffer | Uint8Array | EvtxStreamInput): Promise<ByteSource> {
  if (isStreamInput(input)) return new StreamSource(input);
  if (typeof input !== 'string') {
    return new BufferSource(Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength));
  }
  let fh: FileHandle;
  try {
    fh = await open(input, 'r');
  } catch (e) {
    throw new EvtxError(`cannot open ${input}: ${(e as Error).message}`, 'file', -1);
  }
  const { size } = await fh.stat();
  return new FileSource(fh, size);
}
