import { RegistryError } from './errors.js';
import type { Reader } from './reader.js';
import { readCell, type Cell } from './cell.js';

const S = 'nk';
const HEADER = 76;

export const KeyFlags = {
  volatile: 0x0001,
  hiveExit: 0x0002,
  hiveEntry: 0x0004,
  noDelete: 0x0008,
  symLink: 0x0010,
  compressedName: 0x0020,
  predefHandle: 0x0040,
} as const;

export interface KeyNode {
  offset: number;
  allocated: boolean;
  flags: number;
  /** FILETIME halves, kept as numbers for speed (see filetime.ts). */
  lastWrittenLow: number;
  lastWrittenHigh: number;
  parent: number;
  subkeyCount: number;
  subkeysListOffset: number;
  valueCount: number;
  valuesListOffset: number;
  securityOffset: number;
  classNameOffset: number;
  classNameLength: number;
  name: string;
}

/** Decodes a key node from its cell data. Offsets stay raw; callers resolve them lazily. */
export function parseKeyNodeCell(r: Reader, cell: Cell): KeyNode {
  const d = cell.dataStart;
  if (cell.dataLength < HEADER) throw new RegistryError('cell too small for a key node', S, d, HEADER, cell.dataLength);
  const b = r.buf;
  const v = r.view;
  if (b[d] !== 0x6e || b[d + 1] !== 0x6b) throw new RegistryError('signature is not "nk"', S, d);
  const flags = v.getUint16(d + 2, true);
  const nameLength = v.getUint16(d + 72, true);
  if (HEADER + nameLength > cell.dataLength) {
    throw new RegistryError('key name runs past the cell', S, d + HEADER, nameLength, cell.dataLength - HEADER);
  }
  const name =
    flags & KeyFlags.compressedName
      ? b.toString('latin1', d + HEADER, d + HEADER + nameLength)
      : b.toString('utf16le', d + HEADER, d + HEADER + (nameLength & ~1));
  return {
    offset: cell.offset,
    allocated: cell.allocated,
    flags,
    lastWrittenLow: v.getUint32(d + 4, true),
    lastWrittenHigh: v.getUint32(d + 8, true),
    parent: v.getUint32(d + 16, true),
    subkeyCount: v.getUint32(d + 20, true),
    subkeysListOffset: v.getUint32(d + 28, true),
    valueCount: v.getUint32(d + 36, true),
    valuesListOffset: v.getUint32(d + 40, true),
    securityOffset: v.getUint32(d + 44, true),
    classNameOffset: v.getUint32(d + 48, true),
    classNameLength: v.getUint16(d + 74, true),
    name,
  };
}

export function readKeyNode(r: Reader, offset: number): KeyNode {
  return parseKeyNodeCell(r, readCell(r, offset, S));
}

/** Class names live in their own cell, UTF-16LE, with the length kept in the key node. */
export function readClassName(r: Reader, nk: KeyNode): string | null {
  if (nk.classNameLength === 0 || nk.classNameOffset === 0xffffffff) return null;
  const cell = readCell(r, nk.classNameOffset, 'class name');
  const len = Math.min(nk.classNameLength, cell.dataLength) & ~1;
  return r.buf.toString('utf16le', cell.dataStart, cell.dataStart + len);
}
