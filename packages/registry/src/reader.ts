import { BoundedReader } from '@quarry/binary';
import { RegistryError } from './errors.js';

/** Bounds-checked reads over a hive or log Buffer; an out-of-range read is a RegistryError. */
export class Reader extends BoundedReader {
  /**
   * Bytes before a cell's data: the size field, plus in format 1.1 an extra 4-byte field
   * that later versions dropped.
   */
  cellHeader = 4;

  constructor(readonly buf: Buffer) {
    super(buf);
  }

  protected outOfRange(offset: number, needed: number, available: number, structure: string): Error {
    return new RegistryError('read past end of data', structure, offset, needed, available);
  }

  /** A view (not a copy) of `size` bytes at `offset`. */
  bytes(offset: number, size: number, structure: string): Buffer {
    this.need(offset, size, structure);
    return this.buf.subarray(offset, offset + size);
  }
}
