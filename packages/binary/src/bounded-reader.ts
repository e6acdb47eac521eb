/**
 * Bounds-checked little-endian reads over one buffer, shared by the binary parsers. Every read
 * names the structure it belongs to; a read outside the buffer throws the parser's own error
 * (from `outOfRange`), so only that parser's error type ever escapes it.
 */
export abstract class BoundedReader {
  readonly data: Uint8Array;
  readonly length: number;
  /** DataView reads compile to plain loads; Buffer#readUInt32LE re-validates its argument on every call. */
  readonly view: DataView;

  constructor(bytes: Uint8Array) {
    this.data = bytes;
    this.length = bytes.length;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** The parser's error for `size` bytes at `offset` of which only `available` exist. */
  protected abstract outOfRange(offset: number, size: number, available: number, structure: string): Error;

  /** Throws unless [offset, offset + size) lies inside the buffer (NaN and fractions included). */
  need(offset: number, size: number, structure: string): void {
    if (!Number.isSafeInteger(offset) || offset < 0 || size < 0 || offset + size > this.length) {
      throw this.outOfRange(offset, size, Math.max(0, Math.min(this.length - offset, this.length)), structure);
    }
  }

  u8(offset: number, structure: string): number {
    this.need(offset, 1, structure);
    return this.data[offset]!;
  }

  u16(offset: number, structure: string): number {
    this.need(offset, 2, structure);
    return this.view.getUint16(offset, true);
  }

  u32(offset: number, structure: string): number {
    this.need(offset, 4, structure);
    return this.view.getUint32(offset, true);
  }

  i32(offset: number, structure: string): number {
    this.need(offset, 4, structure);
    return this.view.getInt32(offset, true);
  }

  u64(offset: number, structure: string): bigint {
    this.need(offset, 8, structure);
    return this.view.getBigUint64(offset, true);
  }
}
