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
 * A key node read in place. Only what every reader needs is copied; the other fields are read from the
 * hive bytes when asked for (32-bit offsets and times above 2^31 would each be boxed as a heap number
 * if stored, which the CLI's walk paid for on every key). The name is decoded on first use, as the CLI
 * copies names straight from the hive bytes and never needs the string.
 */
export class KeyNode {
  readonly offset: number;
  readonly allocated: boolean;
  readonly flags: number;
  /** Absolute byte range of the name as stored (Latin-1 when the compressedName flag is set, else UTF-16LE). */
  readonly nameStart: number;
  readonly nameEnd: number;
  private decodedName: string | null = null;

  /** `d` is the cell's data start, already checked to hold the header and the name. */
  constructor(
    private readonly buf: Buffer,
    private readonly v: DataView,
    cell: Cell,
    private readonly d: number,
    nameLength: number,
  ) {
    this.offset = cell.offset;
    this.allocated = cell.allocated;
    this.flags = v.getUint16(d + 2, true);
    this.nameStart = d + HEADER;
    this.nameEnd = d + HEADER + (this.nameCompressed ? nameLength : nameLength & ~1);
  }

  /** FILETIME halves, kept as numbers for speed (see filetime.ts). */
  get lastWrittenLow(): number {
    return this.v.getUint32(this.d + 4, true);
  }
  get lastWrittenHigh(): number {
    return this.v.getUint32(this.d + 8, true);
  }
  get parent(): number {
    return this.v.getUint32(this.d + 16, true);
  }
  get subkeyCount(): number {
    return this.v.getUint32(this.d + 20, true);
  }
  get subkeysListOffset(): number {
    return this.v.getUint32(this.d + 28, true);
  }
  get valueCount(): number {
    return this.v.getUint32(this.d + 36, true);
  }
  get valuesListOffset(): number {
    return this.v.getUint32(this.d + 40, true);
  }
  get securityOffset(): number {
    return this.v.getUint32(this.d + 44, true);
  }
  get classNameOffset(): number {
    return this.v.getUint32(this.d + 48, true);
  }
  get classNameLength(): number {
    return this.v.getUint16(this.d + 74, true);
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

/** The cell header read by readKeyNode, refilled per call: KeyNode copies what it needs from it. */
const nodeCell: Cell = { offset: 0, dataStart: 0, dataLength: 0, allocated: false };

export function readKeyNode(r: Reader, offset: number): KeyNode {
  return parseKeyNodeCell(r, readCell(r, offset, S, nodeCell));
}

/** Class names live in their own cell, UTF-16LE, with the length kept in the key node. */
export function readClassName(r: Reader, nk: KeyNode): string | null {
  if (nk.classNameLength === 0 || nk.classNameOffset === 0xffffffff) return null;
  const cell = readCell(r, nk.classNameOffset, 'class name');
  const len = Math.min(nk.classNameLength, cell.dataLength) & ~1;
  return r.buf.toString('utf16le', cell.dataStart, cell.dataStart + len);
}
