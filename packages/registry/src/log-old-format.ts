import { RegistryError } from './errors.js';
import type { DirtyPage } from './log-new-format.js';

const SECTOR = 512;

/**
 * Reads the old (DIRT) format: a bitmap at the second sector, one bit per 512-byte page of the
 * hive bins data, then the dirty pages in bit order from the next sector boundary.
 */
export function readOldLogPages(log: Buffer, hiveBinsDataSize: number): DirtyPage[] {
  const S = 'DIRT dirty vector';
  if (log.length < SECTOR + 4 || log.toString('latin1', SECTOR, SECTOR + 4) !== 'DIRT') {
    throw new RegistryError('no DIRT signature at the second sector', S, SECTOR);
  }
  const bits = Math.floor(hiveBinsDataSize / SECTOR);
  const bitmapBytes = Math.ceil(bits / 8);
  if (SECTOR + 4 + bitmapBytes > log.length) {
    throw new RegistryError('bitmap runs past end of log', S, SECTOR + 4, bitmapBytes, log.length - SECTOR - 4);
  }
  let dataAt = Math.ceil((SECTOR + 4 + bitmapBytes) / SECTOR) * SECTOR;
  const pages: DirtyPage[] = [];
  for (let bit = 0; bit < bits; bit++) {
    if (((log[SECTOR + 4 + (bit >> 3)]! >> (bit & 7)) & 1) === 0) continue;
    if (dataAt + SECTOR > log.length) {
      throw new RegistryError(`dirty page for bit ${bit} runs past end of log`, 'DIRT dirty page', dataAt, SECTOR, log.length - dataAt);
    }
    pages.push({ offset: bit * SECTOR, data: log.subarray(dataAt, dataAt + SECTOR) });
    dataAt += SECTOR;
  }
  return pages;
}
