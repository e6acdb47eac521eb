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

/**
 * A decoded key node. Offsets stay raw (callers resolve them lazily), and so does the name: it is
 * decoded on first use, as the CLI copies names straight from the hive bytes and never needs the string.
 */
export class KeyNode {
  readonly offset: number;
  readonly allocated: boolean;
  readonly flags: number;
  /** FILETIME halves, kept as numbers for speed (see filetime.ts). */
  readonly lastWrittenLow: number;
  readonly lastWrittenHigh: number;
  readonly parent: number;
  readonly subkeyCount: number;
  readonly subkeysListOffset: number;
  readonly valueCount: number;
  readonly valuesListOffset: number;
  readonly securityOffset: number;
  readonly classNameOffset: number;
  readonly classNameLength: number;
  /** Absolute byte range of the name as stored (Latin-1 when the compressedName flag is set, else UTF-16LE). */
  readonly nameStart: number;
  readonly nameEnd: number;
  private decodedName: string | null = null;

  /** `d` is the cell's data start, already checked to hold the header and the name. */
  constructor(
    private readonly buf: Buffer,
    v: DataView,
    cell: Cell,
    d: number,
    nameLength: number,
  ) {
    this.offset = cell.offset;
    this.allocated = cell.allocated;
    this.flags = v.getUint16(d + 2, true);
    this.lastWrittenLow = v.getUint32(d + 4, true);
    this.lastWrittenHigh = v.getUint32(d + 8, true);
    this.parent = v.getUint32(d + 16, true);
    this.subkeyCount = v.getUint32(d + 20, true);
    this.subkeysListOffset = v.getUint32(d + 28, true);
    this.valueCount = v.getUint32(d + 36, true);
    this.valuesListOffset = v.getUint32(d + 40, true);
    this.securityOffset = v.getUint32(d + 44, true);
    this.classNameOffset = v.getUint32(d + 48, true);
    this.classNameLength = v.getUint16(d + 74, true);
    this.nameStart = d + HEADER;
    this.nameEnd = d + HEADER + (this.nameCompressed ? nameLength : nameLength & ~1);
  }

  get nameCompressed(): boolean {
    return (this.flags & KeyFlags.compressedName) !== 0;
  }

  get name(): string {
    this.decodedName ??= this.buf.toString(this.nameCompressed ? 'latin1' : 'utf16le', this.nameStart, this.nameEnd);
    return this.decodedName;
  }
}

/** Decodes a key node from its cell data. */
export function parseKeyNodeCell(r: Reader, cell: Cell): KeyNode {
  const d = cell.dataStart;
  if (cell.dataLength < HEADER) throw new RegistryError('cell too small for a key node', S, d, HEADER, cell.dataLength);
  const b = r.buf;
  if (b[d] !== 0x6e || b[d + 1] !== 0x6b) throw new RegistryError('signature is not "nk"', S, d);
  const nameLength = r.view.getUint16(d + 72, true);
  if (HEADER + nameLength > cell.dataLength) {
    throw new RegistryError('key name runs past the cell', S, d + HEADER, nameLength, cell.dataLength - HEADER);
  }
  return new KeyNode(b, r.view, cell, d, nameLength);
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
