import { BoundedReader } from '@quarry/binary';
import { ShortcutError, type ShortcutFormat } from './errors.js';

const utf16Decoder = new TextDecoder('utf-16le');
// The link's ANSI code page is not recorded in the file; Windows-1252 is what Western systems wrote.
const ansiDecoder = new TextDecoder('windows-1252');

/** Bounds-checked reads over one buffer; a short read is a ShortcutError with structure and offset. */
export class LinkReader extends BoundedReader {
  private readonly format: ShortcutFormat;

  constructor(bytes: Uint8Array, format: ShortcutFormat = 'LNK') {
    super(bytes);
    this.format = format;
  }

  protected outOfRange(offset: number, needed: number, available: number, structure: string): Error {
    return new ShortcutError('read past end of data', { format: this.format, structure, offset, needed, available });
  }

  fail(message: string, offset: number, structure: string): never {
    throw new ShortcutError(message, { format: this.format, structure, offset });
  }

  u16s(offset: number, structure: string): number {
    this.need(offset, 2, structure);
    return this.view.getInt16(offset, true);
  }

  bytes(offset: number, size: number, structure: string): Uint8Array {
    this.need(offset, size, structure);
    return this.data.subarray(offset, offset + size);
  }

  /** UTF-16LE text of exactly `chars` code units; an unpaired surrogate becomes U+FFFD. */
  utf16(offset: number, chars: number, structure: string): string {
    this.need(offset, chars * 2, structure);
    return decodeUtf16(this.data, offset, offset + chars * 2);
  }

  /** ANSI text of exactly `size` bytes. */
  ansi(offset: number, size: number, structure: string): string {
    this.need(offset, size, structure);
    return decodeAnsi(this.data, offset, offset + size);
  }

  /** NUL-terminated UTF-16LE text before `limit`; `end` is the offset after the terminator (or `limit`). */
  utf16z(offset: number, limit: number, structure: string): { text: string; end: number } {
    this.need(offset, 0, structure);
    const stop = Math.min(limit, this.length);
    let end = offset;
    while (end + 1 < stop && (this.data[end] !== 0 || this.data[end + 1] !== 0)) end += 2;
    const text = decodeUtf16(this.data, offset, Math.min(end, stop - ((stop - offset) % 2)));
    return { text, end: Math.min(end + 2, stop) };
  }

  /** NUL-terminated ANSI text before `limit`; `end` is the offset after the terminator (or `limit`). */
  ansiz(offset: number, limit: number, structure: string): { text: string; end: number } {
    this.need(offset, 0, structure);
    const stop = Math.min(limit, this.length);
    let end = offset;
    while (end < stop && this.data[end] !== 0) end++;
    return { text: decodeAnsi(this.data, offset, end), end: Math.min(end + 1, stop) };
  }

  /** A GUID in its registry form, lower-case (as lnkinfo prints it). */
  guid(offset: number, structure: string): string {
    this.need(offset, 16, structure);
    return formatGuid(this.data, offset);
  }
}

/**
 * Strings up to this many characters are built in JS: links hold many short ones (drive names,
 * 8.3 names, machine ids), for which a TextDecoder call costs more than the text.
 */
const SHORT = 16;

/** Windows-1252 text of [start, end); short ASCII text (identical in every code page) without the decoder. */
function decodeAnsi(data: Uint8Array, start: number, end: number): string {
  if (end - start <= SHORT) {
    let text = '';
    for (let i = start; i < end; i++) {
      const c = data[i]!;
      if (c >= 0x80) return ansiDecoder.decode(data.subarray(start, end));
      text += String.fromCharCode(c);
    }
    return text;
  }
  return ansiDecoder.decode(data.subarray(start, end));
}

/**
 * UTF-16LE text of [start, end); short text without the decoder unless it holds what the decoder
 * treats specially (surrogates, which it pairs or replaces, and a leading BOM, which it drops).
 */
function decodeUtf16(data: Uint8Array, start: number, end: number): string {
  if (end - start <= SHORT * 2 && (end - start) % 2 === 0) {
    let text = '';
    for (let i = start; i < end; i += 2) {
      const c = data[i]! | (data[i + 1]! << 8);
      if ((c >= 0xd800 && c <= 0xdfff) || (c === 0xfeff && i === start)) return utf16Decoder.decode(data.subarray(start, end));
      text += String.fromCharCode(c);
    }
    return text;
  }
  return utf16Decoder.decode(data.subarray(start, end));
}

/** Two lower-case hex digits per byte value: GUIDs are formatted on every link, so no per-byte toString. */
export const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function formatGuid(d: Uint8Array, o: number): string {
  return (
    hx(d, o + 3) +
    hx(d, o + 2) +
    hx(d, o + 1) +
    hx(d, o) +
    '-' +
    hx(d, o + 5) +
    hx(d, o + 4) +
    '-' +
    hx(d, o + 7) +
    hx(d, o + 6) +
    '-' +
    hx(d, o + 8) +
    hx(d, o + 9) +
    '-' +
    hx(d, o + 10) +
    hx(d, o + 11) +
    hx(d, o + 12) +
    hx(d, o + 13) +
    hx(d, o + 14) +
    hx(d, o + 15)
  );
}

function hx(data: Uint8Array, at: number): string {
  return HEX[data[at]!]!;
}
