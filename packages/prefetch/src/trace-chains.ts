import type { FormatVersion } from './file-header.js';
import type { FileInformation } from './file-information.js';
import type { ByteReader } from './reader.js';
import type { Warnings } from '@quarry/binary';

/** One trace chains array entry. */
export interface TraceChainEntry {
  /** Versions 17-26 link entries explicitly; -1 ends a chain. Absent from version 30 on. */
  nextIndex?: number;
  /** Blocks loaded (fetched) for this entry. */
  blockLoadCount: number;
  /** The three remaining fields have no agreed meaning yet; kept raw. */
  unknown1: number;
  unknown2: number;
  unknown3: number;
}

export function traceChainEntrySize(version: FormatVersion): number {
  return version >= 30 ? 8 : 12;
}

export function readTraceChains(r: ByteReader, info: FileInformation, version: FormatVersion, warnings: Warnings): TraceChainEntry[] {
  const size = traceChainEntrySize(version);
  const count = warnings.fit('trace chains array', info.traceChainsOffset, info.traceChainsCount, size, r.length);
  // Checked once for the whole array: it can hold 100,000+ entries.
  if (count === 0) return [];
  r.need(info.traceChainsOffset, count * size, 'trace chains array');
  const v = r.view;
  const entries: TraceChainEntry[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const at = info.traceChainsOffset + i * size;
    entries[i] =
      size === 12
        ? {
            nextIndex: v.getInt32(at, true),
            blockLoadCount: v.getUint32(at + 4, true),
            unknown1: v.getUint8(at + 8),
            unknown2: v.getUint8(at + 9),
            unknown3: v.getUint16(at + 10, true),
          }
        : {
            blockLoadCount: v.getUint32(at, true),
            unknown1: v.getUint8(at + 4),
            unknown2: v.getUint8(at + 5),
            unknown3: v.getUint16(at + 6, true),
          };
  }
  return entries;
}
