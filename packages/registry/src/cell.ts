import { RegistryError } from './errors.js';
import type { Reader } from './reader.js';
import { BASE_BLOCK_SIZE } from './base-block.js';

/** Offsets inside the hive are relative to the hive bins data; this value means "none". */
export const NO_OFFSET = 0xffffffff;

export interface Cell {
  /** Offset relative to the hive bins data (as stored in the file). */
  offset: number;
  /** Absolute offset of the cell's data (after the 4-byte size field). */
  dataStart: number;
  dataLength: number;
  allocated: boolean;
}

/**
 * Reads the cell header at a hive-relative offset; the size is checked against the data we hold.
 * The CLI passes `into`, one record refilled per cell, rather than getting an object per cell.
 */
export function readCell(r: Reader, offset: number, structure: string, into?: Cell): Cell {
  if (offset === NO_OFFSET) throw new RegistryError('offset is unset (0xffffffff)', structure, -1);
  const abs = BASE_BLOCK_SIZE + offset;
  if ((offset & 7) !== 0) throw new RegistryError(`cell offset 0x${offset.toString(16)} is not 8-byte aligned`, structure, abs);
  const raw = r.i32(abs, structure);
  const size = Math.abs(raw);
  if (size < 8) throw new RegistryError(`cell size ${raw} is too small`, structure, abs);
  if (abs + size > r.length) throw new RegistryError('cell runs past end of data', structure, abs, size, r.length - abs);
  if (!into) return { offset, dataStart: abs + r.cellHeader, dataLength: size - r.cellHeader, allocated: raw < 0 };
  into.offset = offset;
  into.dataStart = abs + r.cellHeader;
  into.dataLength = size - r.cellHeader;
  into.allocated = raw < 0;
  return into;
}
