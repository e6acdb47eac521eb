import { BoundedReader } from '@quarry/binary';
import { PrefetchError, type PrefetchFormat } from './errors.js';

/** Bounds-checked reads over one prefetch buffer; a short read is a PrefetchError. */
export class ByteReader extends BoundedReader {
  private readonly format: PrefetchFormat;

  constructor(bytes: Uint8Array, format: PrefetchFormat) {
    super(bytes);
    this.format = format;
  }

  protected outOfRange(offset: number, needed: number, available: number, structure: string): Error {
    return new PrefetchError('read past end of data', { format: this.format, structure, offset, needed, available });
  }

  fail(message: string, offset: number, structure: string): never {
    throw new PrefetchError(message, { format: this.format, structure, offset });
  }

  /** UTF-16LE text of exactly `chars` code units; an unpaired surrogate becomes U+FFFD. */
  utf16(offset: number, chars: number, structure: string): string {
    this.need(offset, chars * 2, structure);
    return utf16Decoder.decode(this.data.subarray(offset, offset + chars * 2));
  }

  /** UTF-16LE text up to the first NUL code unit, `maxChars` code units, or the end of data. */
  utf16z(offset: number, maxChars: number, structure: string): string {
    this.need(offset, 0, structure);
    const limit = Math.min(maxChars, Math.floor((this.length - offset) / 2));
    let end = offset;
    const stop = offset + limit * 2;
    while (end < stop && (this.data[end] !== 0 || this.data[end + 1] !== 0)) end += 2;
    return utf16Decoder.decode(this.data.subarray(offset, end));
  }
}

const utf16Decoder = new TextDecoder('utf-16le');
