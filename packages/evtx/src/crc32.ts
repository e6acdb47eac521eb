import { crc32 as zlibCrc32 } from 'node:zlib';

/** CRC-32 (IEEE) over `buf[start, end)`, the checksum EVTX headers and record data use. */
export function crc32(buf: Buffer, start: number, end: number, seed = 0): number {
  return zlibCrc32(buf.subarray(start, end), seed) >>> 0;
}
