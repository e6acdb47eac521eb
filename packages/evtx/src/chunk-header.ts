import { crc32 } from './crc32.js';

export const CHUNK_SIZE = 65536;
export const CHUNK_HEADER_SIZE = 512;
const MAGIC = 'ElfChnk\0';

export interface ChunkHeader {
  firstRecordNumber: bigint;
  lastRecordNumber: bigint;
  firstRecordId: bigint;
  lastRecordId: bigint;
  headerSize: number;
  lastRecordOffset: number;
  freeSpaceOffset: number;
  recordsChecksum: number;
  flags: number;
  headerChecksum: number;
  headerChecksumValid: boolean;
  /** CRC32 of the record area [512, freeSpaceOffset) matches `recordsChecksum`. */
  recordsChecksumValid: boolean;
}

/** True when `chunk` starts with the chunk signature. */
export function hasChunkMagic(chunk: Buffer): boolean {
  return chunk.length >= 8 && chunk.toString('latin1', 0, 8) === MAGIC;
}

/** Parses the 512-byte chunk header; `chunk` is the whole 64 KiB chunk. Caller checks the magic. */
export function parseChunkHeader(chunk: Buffer): ChunkHeader {
  const headerChecksum = chunk.readUInt32LE(124);
  const freeSpaceOffset = chunk.readUInt32LE(48);
  const recordsChecksum = chunk.readUInt32LE(52);
  const headerCrc = crc32(chunk, 128, CHUNK_HEADER_SIZE, crc32(chunk, 0, 120));
  const freeEnd = Math.min(Math.max(freeSpaceOffset, CHUNK_HEADER_SIZE), chunk.length);
  return {
    firstRecordNumber: chunk.readBigUInt64LE(8),
    lastRecordNumber: chunk.readBigUInt64LE(16),
    firstRecordId: chunk.readBigUInt64LE(24),
    lastRecordId: chunk.readBigUInt64LE(32),
    headerSize: chunk.readUInt32LE(40),
    lastRecordOffset: chunk.readUInt32LE(44),
    freeSpaceOffset,
    recordsChecksum,
    flags: chunk.readUInt32LE(120),
    headerChecksum,
    headerChecksumValid: headerCrc === headerChecksum,
    recordsChecksumValid: crc32(chunk, CHUNK_HEADER_SIZE, freeEnd) === recordsChecksum,
  };
}
