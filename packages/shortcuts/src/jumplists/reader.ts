import { BoundedReader } from '@quarry/binary';
import { ShortcutError, type ShortcutFormat } from '../errors.js';

/** 100-ns intervals between 1601-01-01 and 1970-01-01. */
const EPOCH_DIFF = 116444736000000000n;
const utf16Decoder = new TextDecoder('utf-16le');
const latin1Decoder = new TextDecoder('latin1');

/** Bounds-checked reads over a DestList stream or a customDestinations file; a short read is a ShortcutError. */
export class JumpListReader extends BoundedReader {
  private readonly format: ShortcutFormat;

  constructor(bytes: Uint8Array, format: ShortcutFormat) {
    super(bytes);
    this.format = format;
  }

  protected outOfRange(offset: number, needed: number, available: number, structure: string): Error {
    return new ShortcutError('read past end of data', { format: this.format, structure, offset, needed, available });
  }

  fail(message: string, offset: number, structure: string): never {
    throw new ShortcutError(message, { format: this.format, structure, offset });
  }

  f32(offset: number, structure: string): number {
    this.need(offset, 4, structure);
    return this.view.getFloat32(offset, true);
  }

  /** UTF-16LE text of exactly `chars` code units; an unpaired surrogate (Windows allows them in paths) becomes U+FFFD. */
  utf16(offset: number, chars: number, structure: string): string {
    this.need(offset, chars * 2, structure);
    return utf16Decoder.decode(this.data.subarray(offset, offset + chars * 2));
  }

  /** A fixed-size single-byte string cut at its first NUL (NetBIOS names). */
  ascii(offset: number, size: number, structure: string): string {
    this.need(offset, size, structure);
    const bytes = this.data.subarray(offset, offset + size);
    const nul = bytes.indexOf(0);
    return latin1Decoder.decode(nul < 0 ? bytes : bytes.subarray(0, nul));
  }

  /** A little-endian GUID as lnkinfo prints it: lower case, no braces. */
  guid(offset: number, structure: string): string {
    this.need(offset, 16, structure);
    return formatGuid(this.data, offset);
  }

  /** A FILETIME as ISO 8601 UTC with seven fractional digits; 0 (never set) gives null. */
  filetime(offset: number, structure: string): string | null {
    return filetimeToIso(this.u64(offset, structure));
  }
}

function hex(bytes: Uint8Array, from: number, to: number, reverse: boolean): string {
  let s = '';
  for (let i = from; i < to; i++) s += bytes[reverse ? to - 1 - (i - from) : i]!.toString(16).padStart(2, '0');
  return s;
}

/** The 16 bytes at `offset` as a GUID string (Data1-3 little-endian, Data4 as stored). */
export function formatGuid(bytes: Uint8Array, offset: number): string {
  const o = offset;
  return `${hex(bytes, o, o + 4, true)}-${hex(bytes, o + 4, o + 6, true)}-${hex(bytes, o + 6, o + 8, true)}-${hex(bytes, o + 8, o + 10, false)}-${hex(bytes, o + 10, o + 16, false)}`;
}

/**
 * The node (MAC address) of a version 1, time-based GUID as "aa:bb:cc:dd:ee:ff"; null for any other
 * GUID version, whose last six bytes are random and no MAC.
 */
export function macFromGuid(guid: string): string | null {
  const parts = guid.split('-');
  const version = parts[2]?.[0];
  const node = parts[4];
  if (version !== '1' || node?.length !== 12) return null;
  return node.match(/../g)!.join(':');
}

export function filetimeToIso(value: bigint): string | null {
  if (value === 0n) return null;
  const sinceUnix = value - EPOCH_DIFF;
  const ms = sinceUnix / 10000n - (sinceUnix % 10000n < 0n ? 1n : 0n);
  const date = new Date(Number(ms));
  if (Number.isNaN(date.getTime())) return null;
  const ticks = Number(value % 10000000n);
  // Replacing the milliseconds keeps extended years (garbage values) well-formed.
  return date.toISOString().replace(/\.\d{3}Z$/, `.${ticks.toString().padStart(7, '0')}Z`);
}
