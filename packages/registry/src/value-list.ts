import { type RegistryWarning, warning } from './errors.js';
import type { Reader } from './reader.js';
import { NO_OFFSET, readCell } from './cell.js';

/** A key's value list: a bare cell of 32-bit vk offsets; the count comes from the key node. */
export function valueOffsets(r: Reader, listOffset: number, count: number, warnings: RegistryWarning[]): number[] {
  const out: number[] = [];
  readValueOffsets(r, listOffset, count, warnings, out);
  return out;
}

/**
 * valueOffsets written into `out` from index 0 (entries past the returned count are stale): the CLI
 * refills one array for every key, as truncating it would free its storage each time.
 */
export function readValueOffsets(r: Reader, listOffset: number, count: number, warnings: RegistryWarning[], out: number[]): number {
  if (count === 0 || listOffset === NO_OFFSET) return 0;
  const cell = readCell(r, listOffset, 'value list');
  const room = Math.floor(cell.dataLength / 4);
  if (count > room) {
    warnings.push(warning('value list', cell.dataStart, `key claims ${count} values but the list holds ${room}`));
    count = room;
  }
  for (let i = 0; i < count; i++) out[i] = r.view.getUint32(cell.dataStart + i * 4, true);
  return count;
}
