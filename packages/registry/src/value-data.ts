import { type RegistryWarning, warning } from './errors.js';
import type { Reader } from './reader.js';
import { readCell } from './cell.js';
import { isBigDataCell, readBigData, SEGMENT_SIZE } from './big-data.js';
import type { KeyValueCell } from './key-value.js';

/** Fetches the raw bytes of a value: inline, from one cell, or joined from big-data segments. */
export function readValueBytes(r: Reader, vk: KeyValueCell, minorVersion: number, warnings: RegistryWarning[]): Buffer {
  if (vk.inline) {
    if (vk.dataSize > 4) warnings.push(warning('vk', vk.inlineAt, `inline data claims ${vk.dataSize} bytes; 4 kept`));
    return r.bytes(vk.inlineAt, Math.min(vk.dataSize, 4), 'vk inline data');
  }
  if (vk.dataSize === 0) return r.buf.subarray(0, 0);
  const cell = readCell(r, vk.dataOffset, 'value data');
  // Big data records exist from format 1.4 on; older writers kept large data in one cell.
  if (minorVersion >= 4 && vk.dataSize > SEGMENT_SIZE && isBigDataCell(r, cell)) {
    return readBigData(r, cell, vk.dataSize, warnings);
  }
  if (cell.dataLength < vk.dataSize) {
    warnings.push(warning('value data', cell.dataStart, `value claims ${vk.dataSize} bytes but its cell holds ${cell.dataLength}`));
    return r.buf.subarray(cell.dataStart, cell.dataStart + cell.dataLength);
  }
  return r.buf.subarray(cell.dataStart, cell.dataStart + vk.dataSize);
}
