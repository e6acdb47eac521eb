import { marvin32 } from './marvin32.js';

const HEADER = 40;
const SECTOR = 512;
const PAGE = 4096;

export interface DirtyPage {
  /** Offset relative to the hive bins data. */
  offset: number;
  data: Buffer;
}

export interface LogEntry {
  /** Absolute offset of the entry in the log file. */
  at: number;
  sequence: number;
  hiveBinsDataSize: number;
  pages: DirtyPage[];
}

export interface NewLogEntries {
  entries: LogEntry[];
  /** Why reading stopped before the end of the file, if it did. */
  stopped: { at: number; reason: string } | null;
}

/**
 * Reads HvLE entries from offset 512 on. Reading stops at the first entry whose signature, size,
 * hashes or page references are wrong: later entries cannot be trusted to follow it.
 */
export function readNewLogEntries(log: Buffer): NewLogEntries {
  const entries: LogEntry[] = [];
  let at = SECTOR;
  const stop = (reason: string): NewLogEntries => ({ entries, stopped: { at, reason } });
  while (at + HEADER <= log.length) {
    if (log.toString('latin1', at, at + 4) !== 'HvLE') {
      // Zero fill or an old remnant after the last entry is the normal end of a log.
      return { entries, stopped: log[at] === 0 ? null : { at, reason: 'no HvLE signature' } };
    }
    const size = log.readUInt32LE(at + 4);
    if (size < HEADER || size % SECTOR !== 0 || at + size > log.length) return stop(`bad entry size ${size}`);
    const hiveBinsDataSize = log.readUInt32LE(at + 16);
    if (hiveBinsDataSize % PAGE !== 0) return stop(`bad hive bins data size ${hiveBinsDataSize}`);
    const pageCount = log.readUInt32LE(at + 20);
    if (HEADER + pageCount * 8 > size) return stop(`page count ${pageCount} does not fit the entry`);
    if (marvin32(log, at, at + 32) !== log.readBigUInt64LE(at + 32)) return stop('hash-2 mismatch');
    if (marvin32(log, at + HEADER, at + size) !== log.readBigUInt64LE(at + 24)) return stop('hash-1 mismatch');
    const pages: DirtyPage[] = [];
    let dataAt = at + HEADER + pageCount * 8;
    for (let i = 0; i < pageCount; i++) {
      const offset = log.readUInt32LE(at + HEADER + i * 8);
      const pageSize = log.readUInt32LE(at + HEADER + i * 8 + 4);
      if (dataAt + pageSize > at + size || offset + pageSize > hiveBinsDataSize) {
        return stop(`dirty page ${i} (offset ${offset}, size ${pageSize}) out of bounds`);
      }
      pages.push({ offset, data: log.subarray(dataAt, dataAt + pageSize) });
      dataAt += pageSize;
    }
    entries.push({ at, sequence: log.readUInt32LE(at + 12), hiveBinsDataSize, pages });
    at += size;
  }
  return { entries, stopped: null };
}
