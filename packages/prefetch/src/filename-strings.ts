import type { FileInformation } from './file-information.js';
import type { ByteReader } from './reader.js';
import type { Warnings } from '@quarry/binary';

/** The filename strings section: NUL-terminated UTF-16LE strings, one per file metrics entry. */
export function readFilenameStrings(r: ByteReader, info: FileInformation, warnings: Warnings): string[] {
  const start = info.filenameStringsOffset;
  let size = info.filenameStringsSize;
  if (start > r.length || start + size > r.length) {
    warnings.add('filename strings', start, `section of ${size} bytes runs past end of data (${r.length})`);
    size = Math.max(0, r.length - start);
  }
  const names: string[] = [];
  let at = start;
  const end = start + size - (size % 2);
  // Never more strings than the metrics array declares: the section may end in padding.
  while (at + 2 <= end && names.length < info.metricsCount) {
    const name = r.utf16z(at, (end - at) / 2, 'filename strings');
    names.push(name);
    at += name.length * 2 + 2;
  }
  return names;
}
