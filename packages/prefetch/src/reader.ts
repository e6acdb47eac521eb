import { PrefetchError, type PrefetchFormat } from './errors.js';

/**
 * Bounds-checked little-endian reads over one buffer. Every read names the structure it belongs
 * to, so a short read reports what was being read, where, and how many bytes were missing.
 */
export class ByteReader {
  readonly bytes: Uint8Array;
  readonly length: number;
  /** For bulk reads of a region already checked with need(). */
  readonly view: DataView;
  private readonly format: PrefetchFormat;

  constructor(bytes: Uint8Array, format: PrefetchFormat) {
    this.bytes = bytes;
    this.length = bytes.length;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.format = format;
  }

  /** Throws unless [offset, offset + size) lies inside the buffer. */
  need(offset: number, size: number, structure: string): void {
    if (!Number.isSafeInteger(offset) || offset < 0 || size < 0 || offset + size > this.length) {
      throw new PrefetchError('read past end of data', {
        format: this.format,
        structure,
        offset,
        needed: size,
        available: Math.max(0, Math.min(this.length - offset, this.length)),
      });
    }
  }

  fail(message: string, offset: number, structure: string): never {
    throw new PrefetchError(message, { format: this.format, structure, offset });
  }

  u16(offset: number, structure: string): number {
    this.need(offset, 2, structure);
    return this.view.getUint16(offset, true);
  }

  u32(offset: number, structure: string): number {
    this.need(offset, 4, structure);
    return this.view.getUint32(offset, true);
  }

  u64(offset: number, structure: string): bigint {
    this.need(offset, 8, structure);
    return this.view.getBigUint64(offset, true);
  }

  /** UTF-16LE text of exactly `chars` code units; an unpaired surrogate becomes U+FFFD. */
  utf16(offset: number, chars: number, structure: string): string {
    this.need(offset, chars * 2, structure);
    return utf16Decoder.decode(this.bytes.subarray(offset, offset + chars * 2));
  }

  /** UTF-16LE text up to the first NUL code unit, `maxChars` code units, or the end of data. */
  utf16z(offset: number, maxChars: number, structure: string): string {
    this.need(offset, 0, structure);
    const limit = Math.min(maxChars, Math.floor((this.length - offset) / 2));
    let end = offset;
    const stop = offset + limit * 2;
    while (end < stop && (this.bytes[end] !== 0 || this.bytes[end + 1] !== 0)) end += 2;
    return utf16Decoder.decode(this.bytes.subarray(offset, end));
  }
}

const utf16Decoder = new TextDecoder('utf-16le');
