import { type RegistryWarning, warning } from './errors.js';
import type { Reader } from './reader.js';
import { readCell, type Cell } from './cell.js';
import { isBigDataCell, readBigData, SEGMENT_SIZE } from './big-data.js';
import type { KeyValueCell } from './key-value.js';

/** Where a value's bytes are: a range of the hive itself, or of a buffer joined from big-data segments. */
export interface ValueSpan {
  src: Buffer;
  start: number;
  end: number;
}

/** The data cell's header, refilled on each call (it is only read here) rather than made per value. */
const dataCell: Cell = { offset: 0, dataStart: 0, dataLength: 0, allocated: false };

function setSpan(span: ValueSpan, src: Buffer, start: number, end: number): ValueSpan {
  span.src = src;
  span.start = start;
  span.end = end;
  return span;
}

/**
 * Locates the raw bytes of a value: inline, in one cell, or joined from big-data segments. Only big
 * data is copied; the CLI encodes straight from the span, and passes one span to fill for every value.
 */
export function valueSpan(
  r: Reader,
  vk: KeyValueCell,
  minorVersion: number,
  warnings: RegistryWarning[],
  span: ValueSpan = { src: r.buf, start: 0, end: 0 },
): ValueSpan {
  if (vk.inline) {
    if (vk.dataSize > 4) warnings.push(warning('vk', vk.inlineAt, `inline data claims ${vk.dataSize} bytes; 4 kept`));
    const size = Math.min(vk.dataSize, 4);
    r.need(vk.inlineAt, size, 'vk inline data');
    return setSpan(span, r.buf, vk.inlineAt, vk.inlineAt + size);
  }
  if (vk.dataSize === 0) return setSpan(span, r.buf, 0, 0);
  const cell = readCell(r, vk.dataOffset, 'value data', dataCell);
  // Big data records exist from format 1.4 on; older writers kept large data in one cell.
  if (minorVersion >= 4 && vk.dataSize > SEGMENT_SIZE && isBigDataCell(r, cell)) {
    const joined = readBigData(r, cell, vk.dataSize, warnings);
    return setSpan(span, joined, 0, joined.length);
  }
  if (cell.dataLength < vk.dataSize) {
    warnings.push(warning('value data', cell.dataStart, `value claims ${vk.dataSize} bytes but its cell holds ${cell.dataLength}`));
    return setSpan(span, r.buf, cell.dataStart, cell.dataStart + cell.dataLength);
  }
  return setSpan(span, r.buf, cell.dataStart, cell.dataStart + vk.dataSize);
}

/**
 * Whether the value's data cell is now allocated: for a deleted value that means live data took it
 * over and the bytes are not the value's. Inline and empty data have no cell. `into` as for readCell.
 */
export function dataCellAllocated(r: Reader, vk: KeyValueCell, into?: Cell): boolean {
  return !vk.inline && vk.dataSize > 0 && readCell(r, vk.dataOffset, 'value data', into).allocated;
}

/** The raw bytes of a value as a Buffer view (a copy only for big data). */
export function readValueBytes(r: Reader, vk: KeyValueCell, minorVersion: number, warnings: RegistryWarning[]): Buffer {
  const { src, start, end } = valueSpan(r, vk, minorVersion, warnings);
  return src.subarray(start, end);
}
