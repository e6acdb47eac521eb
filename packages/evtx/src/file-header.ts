import { crc32 } from './crc32.js';
import { EvtxError, need } from './errors.js';

export const FILE_HEADER_SIZE = 4096;
const MAGIC = 'ElfFile\0';

/** Header flags: the file was not closed cleanly / it is full / checksums are not maintained. */
export const FLAG_DIRTY = 0x1;
export const FLAG_FULL = 0x2;
export const FLAG_NO_CRC32 = 0x4;

export interface FileHeader {
  firstChunk: bigint;
  lastChunk: bigint;
  nextRecordId: bigint;
  headerSize: number;
  minorVersion: number;
  majorVersion: number;
  headerBlockSize: number;
  chunkCount: number;
  flags: number;
  checksum: number;
  checksumValid: boolean;
}

/** Parses the 4096-byte file header at the start of `buf`; throws EvtxError when it is not EVTX. */
export function parseFileHeader(buf: Buffer): FileHeader {
  need('file header', 0, 128, buf.length);
  if (buf.toString('latin1', 0, 8) !== MAGIC) {
    throw new EvtxError('bad magic, not an EVTX file', 'file header', 0);
  }
  const checksum = buf.readUInt32LE(124);
  return {
    firstChunk: buf.readBigUInt64LE(8),
    lastChunk: buf.readBigUInt64LE(16),
    nextRecordId: buf.readBigUInt64LE(24),
    headerSize: buf.readUInt32LE(32),
    minorVersion: buf.readUInt16LE(36),
    majorVersion: buf.readUInt16LE(38),
    headerBlockSize: buf.readUInt16LE(40),
    chunkCount: buf.readUInt16LE(42),
    flags: buf.readUInt32LE(120),
    checksum,
    checksumValid: crc32(buf, 0, 120) === checksum,
  };
}
