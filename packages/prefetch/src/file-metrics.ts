import type { FormatVersion } from './file-header.js';
import type { FileInformation } from './file-information.js';
import { decodeFileReference, type FileReference } from './file-reference.js';
import type { ByteReader } from './reader.js';
import type { Warnings } from '@quarry/binary';

/** One file the executable loaded (a file metrics array entry). */
export interface FileMetricsEntry {
  index: number;
  /** First entry of this file's chain in the trace chains array (checked from the bytes: chains are contiguous). */
  traceChainIndex: number;
  traceChainCount: number;
  flags: number;
  /** Null when the entry points outside the filename strings. */
  filename: string | null;
  /** Version 23+; null when not set. */
  fileReference: FileReference | null;
}

export function metricsEntrySize(version: FormatVersion): number {
  return version === 17 ? 20 : 32;
}

export function readFileMetrics(r: ByteReader, info: FileInformation, version: FormatVersion, warnings: Warnings): FileMetricsEntry[] {
  const size = metricsEntrySize(version);
  const count = warnings.fit('file metrics array', info.metricsOffset, info.metricsCount, size, r.length);
  const stringsEnd = Math.min(r.length, info.filenameStringsOffset + info.filenameStringsSize);
  // With the whole section missing, the filename strings warning says it once for every entry.
  const stringsPresent = info.filenameStringsOffset < r.length;
  const entries: FileMetricsEntry[] = [];
  for (let i = 0; i < count; i++) {
    const at = info.metricsOffset + i * size;
    const s = `file metrics entry ${i}`;
    const nameField = version === 17 ? 8 : 12;
    const nameOffset = r.u32(at + nameField, s);
    const nameChars = r.u32(at + nameField + 4, s);
    const nameAt = info.filenameStringsOffset + nameOffset;
    let filename: string | null = null;
    if (nameOffset + nameChars * 2 <= info.filenameStringsSize && nameAt + nameChars * 2 <= stringsEnd) {
      filename = r.utf16(nameAt, nameChars, s);
    } else if (stringsPresent) {
      warnings.add(s, at + nameField, `filename (${nameChars} characters at ${nameOffset}) lies outside the filename strings`);
    }
    entries.push({
      index: i,
      traceChainIndex: r.u32(at, s),
      traceChainCount: r.u32(at + 4, s),
      flags: r.u32(at + nameField + 8, s),
      filename,
      fileReference: version === 17 ? null : decodeFileReference(r.u64(at + 24, s)),
    });
  }
  return entries;
}
