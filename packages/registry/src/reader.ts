import { RegistryError } from './errors.js';

/**
 * Bounds-checked little-endian reads over a Buffer. Every read names the structure it belongs to,
 * so an out-of-range read becomes a RegistryError pointing at the exact offset.
 */
export class Reader {
  /**
   * Bytes before a cell's data: the size field, plus in format 1.1 an extra 4-byte field
   * that later versions dropped.
   */
  cellHeader = 4;

  /** DataView reads compile to plain loads; Buffer#readUInt32LE re-validates its argument on every call. */
  readonly view: DataView;

  constructor(readonly buf: Buffer) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.length);
  }

  get length(): number {
    return this.buf.length;
  }

  need(offset: number, size: number, structure: string): void {
    if (offset < 0 || size < 0 || offset + size > this.buf.length) {
      throw new RegistryError('read past end of data', structure, offset, size, Math.max(0, this.buf.length - offset));
    }
  }

  u8(offset: number, structure: string): number {
    this.need(offset, 1, structure);
    return this.buf[offset]!;
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
    return this.buf.readBigUInt64LE(offset);
  }

  bytes(offset: number, size: number, structure: string): Buffer {
    this.need(offset, size, structure);
    return this.buf.subarray(offset, offset + size);
  }
}
