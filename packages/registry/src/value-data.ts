import { type RegistryWarning, warning } from './errors.js';
import type { Reader } from './reader.js';
import { readCell } from './cell.js';
import { isBigDataCell, readBigData, SEGMENT_SIZE } from './big-data.js';
import type { KeyValueCell } from './key-value.js';

/** Where a value's bytes are: a range of the hive itself, or of a buffer joined from big-data segments. */
export interface ValueSpan {
  src: Buffer;
  start: number;
  end: number;
}

/**
 * Locates the raw bytes of a value: inline, in one cell, or joined from big-data segments. Only big
 * data is copied; the CLI encodes straight from the span, without a Buffer view per value.
 */
export function valueSpan(r: Reader, vk: KeyValueCell, minorVersion: number, warnings: RegistryWarning[]): ValueSpan {
  if (vk.inline) {
    if (vk.dataSize > 4) warnings.push(warning('vk', vk.inlineAt, `inline data claims ${vk.dataSize} bytes; 4 kept`));
    const size = Math.min(vk.dataSize, 4);
    r.need(vk.inlineAt, size, 'vk inline data');
    return { src: r.buf, start: vk.inlineAt, end: vk.inlineAt + size };
  }
  if (vk.dataSize === 0) return { src: r.buf, start: 0, end: 0 };
  const cell = readCell(r, vk.dataOffset, 'value data');
  // Big data records exist from format 1.4 on; older writers kept large data in one cell.
  if (minorVersion >= 4 && vk.dataSize > SEGMENT_SIZE && isBigDataCell(r, cell)) {
    const joined = readBigData(r, cell, vk.dataSize, warnings);
    return { src: joined, start: 0, end: joined.length };
  }
  if (cell.dataLength < vk.dataSize) {
    warnings.push(warning('value data', cell.dataStart, `value claims ${vk.dataSize} bytes but its cell holds ${cell.dataLength}`));
    return { src: r.buf, start: cell.dataStart, end: cell.dataStart + cell.dataLength };
  }
  return { src: r.buf, start: cell.dataStart, end: cell.dataStart + vk.dataSize };
}

/** The raw bytes of a value as a Buffer view (a copy only for big data). */
export function readValueBytes(r: Reader, vk: KeyValueCell, minorVersion: number, warnings: RegistryWarning[]): Buffer {
  const { src, start, end } = valueSpan(r, vk, minorVersion, warnings);
  return src.subarray(start, end);
}
