import { RegistryError } from './errors.js';
import type { Reader } from './reader.js';
import type { Cell } from './cell.js';

const S = 'vk';
const HEADER = 20;

export interface KeyValueCell {
  offset: number;
  allocated: boolean;
  /** Absolute byte range of the name; decoded only on demand (see valueName), as the CLI copies it as bytes. */
  nameStart: number;
  nameEnd: number;
  /** Name stored as Latin-1 (one byte per character) rather than UTF-16LE. */
  nameCompressed: boolean;
  /** Declared data size with the inline flag removed. */
  dataSize: number;
  /** Data is held in the data-offset field itself (4 bytes or less). */
  inline: boolean;
  dataOffset: number;
  /** Absolute position of the data-offset field, where inline data lives. */
  inlineAt: number;
  typeCode: number;
}

export function parseKeyValueCell(r: Reader, cell: Cell): KeyValueCell {
  const d = cell.dataStart;
  if (cell.dataLength < HEADER) throw new RegistryError('cell too small for a key value', S, d, HEADER, cell.dataLength);
  const b = r.buf;
  const v = r.view;
  if (b[d] !== 0x76 || b[d + 1] !== 0x6b) throw new RegistryError('signature is not "vk"', S, d);
  const nameLength = v.getUint16(d + 2, true);
  if (HEADER + nameLength > cell.dataLength) {
    throw new RegistryError('value name runs past the cell', S, d + HEADER, nameLength, cell.dataLength - HEADER);
  }
  const rawSize = v.getUint32(d + 4, true);
  const flags = v.getUint16(d + 16, true);
  const nameCompressed = (flags & 0x0001) !== 0;
  return {
    offset: cell.offset,
    allocated: cell.allocated,
    nameStart: d + HEADER,
    nameEnd: d + HEADER + (nameCompressed ? nameLength : nameLength & ~1),
    nameCompressed,
    dataSize: rawSize & 0x7fffffff,
    inline: (rawSize & 0x80000000) !== 0,
    dataOffset: v.getUint32(d + 8, true),
    inlineAt: d + 8,
    typeCode: v.getUint32(d + 12, true),
  };
}

export function valueName(r: Reader, vk: KeyValueCell): string {
  return r.buf.toString(vk.nameCompressed ? 'latin1' : 'utf16le', vk.nameStart, vk.nameEnd);
}
