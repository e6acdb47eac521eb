import { RegistryError } from './errors.js';
import type { Reader } from './reader.js';
import type { Cell } from './cell.js';

const S = 'vk';
const HEADER = 20;

/**
 * A value record read in place; like KeyNode, the 32-bit fields that may exceed 2^31 are read when
 * asked for. The CLI refills one record per value (see parseKeyValueCell).
 */
export class KeyValueCell {
  offset = 0;
  allocated = false;
  /** Absolute byte range of the name; decoded only on demand (see valueName), as the CLI copies it as bytes. */
  nameStart = 0;
  nameEnd = 0;
  /** Name stored as Latin-1 (one byte per character) rather than UTF-16LE. */
  nameCompressed = false;
  /** Declared data size with the inline flag removed. */
  dataSize = 0;
  /** Data is held in the data-offset field itself (4 bytes or less). */
  inline = false;
  /** Absolute position of the data-offset field, where inline data lives. */
  inlineAt = 0;

  constructor(private readonly v: DataView) {}

  get dataOffset(): number {
    return this.v.getUint32(this.inlineAt, true);
  }

  get typeCode(): number {
    return this.v.getUint32(this.inlineAt + 4, true);
  }

  /** `d` is the cell's data start, already checked to hold the header and the name. */
  set(cell: Cell, d: number, nameLength: number): this {
    const rawSize = this.v.getUint32(d + 4, true);
    this.offset = cell.offset;
    this.allocated = cell.allocated;
    this.nameCompressed = (this.v.getUint16(d + 16, true) & 0x0001) !== 0;
    this.nameStart = d + HEADER;
    this.nameEnd = d + HEADER + (this.nameCompressed ? nameLength : nameLength & ~1);
    this.dataSize = rawSize & 0x7fffffff;
    this.inline = rawSize >= 0x80000000;
    this.inlineAt = d + 8;
    return this;
  }
}

/** Decodes a value record; `into` (left unchanged on error) is refilled instead of making a new one. */
export function parseKeyValueCell(r: Reader, cell: Cell, into?: KeyValueCell): KeyValueCell {
  const d = cell.dataStart;
  if (cell.dataLength < HEADER) throw new RegistryError('cell too small for a key value', S, d, HEADER, cell.dataLength);
  const b = r.buf;
  if (b[d] !== 0x76 || b[d + 1] !== 0x6b) throw new RegistryError('signature is not "vk"', S, d);
  const nameLength = r.view.getUint16(d + 2, true);
  if (HEADER + nameLength > cell.dataLength) {
    throw new RegistryError('value name runs past the cell', S, d + HEADER, nameLength, cell.dataLength - HEADER);
  }
  return (into ?? new KeyValueCell(r.view)).set(cell, d, nameLength);
}

export function valueName(r: Reader, vk: KeyValueCell): string {
  return r.buf.toString(vk.nameCompressed ? 'latin1' : 'utf16le', vk.nameStart, vk.nameEnd);
}
