import { RegistryError, type RegistryWarning, warning } from './errors.js';
import type { Reader } from './reader.js';
import { readCell, type Cell } from './cell.js';

/** Largest payload a single data segment carries (16 KiB cell minus header and padding). */
export const SEGMENT_SIZE = 16344;

export function isBigDataCell(r: Reader, cell: Cell): boolean {
  return cell.dataLength >= 8 && r.buf[cell.dataStart] === 0x64 && r.buf[cell.dataStart + 1] === 0x62;
}

/** Joins the segments of a db record; stops at the declared size, so repeated segments cannot inflate it. */
export function readBigData(r: Reader, cell: Cell, size: number, warnings: RegistryWarning[]): Buffer {
  const d = cell.dataStart;
  const count = r.buf.readUInt16LE(d + 2);
  const list = readCell(r, r.buf.readUInt32LE(d + 4), 'db segment list');
  if (count * 4 > list.dataLength) {
    throw new RegistryError(`segment list too small for ${count} segments`, 'db', list.dataStart, count * 4, list.dataLength);
  }
  const parts: Buffer[] = [];
  let remaining = size;
  for (let i = 0; i < count && remaining > 0; i++) {
    const seg = readCell(r, r.buf.readUInt32LE(list.dataStart + i * 4), 'db segment');
    const take = Math.min(remaining, SEGMENT_SIZE, seg.dataLength);
    parts.push(r.buf.subarray(seg.dataStart, seg.dataStart + take));
    remaining -= take;
  }
  if (remaining > 0) warnings.push(warning('db', d, `big data is ${remaining} bytes short of its declared size ${size}`));
  return Buffer.concat(parts);
}
