import { type RegistryWarning, warning } from './errors.js';
import type { Reader } from './reader.js';
import { NO_OFFSET, readCell } from './cell.js';

/** A key's value list: a bare cell of 32-bit vk offsets; the count comes from the key node. */
export function valueOffsets(r: Reader, listOffset: number, count: number, warnings: RegistryWarning[]): number[] {
  if (count === 0 || listOffset === NO_OFFSET) return [];
  const cell = readCell(r, listOffset, 'value list');
  const room = Math.floor(cell.dataLength / 4);
  if (count > room) {
    warnings.push(warning('value list', cell.dataStart, `key claims ${count} values but the list holds ${room}`));
    count = room;
  }
  const out = new Array<number>(count);
  for (let i = 0; i < count; i++) out[i] = r.view.getUint32(cell.dataStart + i * 4, true);
  return out;
}
