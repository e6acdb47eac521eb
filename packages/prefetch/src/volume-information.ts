import type { FormatVersion } from './file-header.js';
import type { FileInformation } from './file-information.js';
import { decodeFileReference, type FileReference } from './file-reference.js';
import { filetimeToIso } from './filetime.js';
import type { ByteReader } from './reader.js';
import type { Warnings } from '@quarry/binary';

/** One volume information entry with the data it points to. */
export interface VolumeInformation {
  index: number;
  /** As stored: \DEVICE\HARDDISKVOLUMEn (up to 8.1) or \VOLUME{creation-time-serial} (10+). */
  devicePath: string;
  creationTime: string | null;
  serialNumber: number;
  /**
   * For a \VOLUME{creation-serial} device path: whether its hex creation time and serial number equal
   * the entry's fields (Windows derives the name from them); null for other device paths.
   */
  devicePathConsistent: boolean | null;
  /** NTFS file references recorded for this volume (0 entries omitted). */
  fileReferences: FileReference[];
  directories: string[];
}

const VOLUME_NAME = /^\\VOLUME\{([0-9a-f]{16})-([0-9a-f]{8})\}$/i;

export function volumeEntrySize(version: FormatVersion): number {
  if (version === 17) return 40;
  return version >= 30 ? 96 : 104;
}

/** Volume entries, each read on its own so one bad entry leaves the others intact. */
export function readVolumes(r: ByteReader, info: FileInformation, version: FormatVersion, warnings: Warnings): VolumeInformation[] {
  const base = info.volumesOffset;
  const size = volumeEntrySize(version);
  const sectionEnd = Math.min(r.length, base + info.volumesSize);
  if (base + info.volumesSize > r.length) {
    warnings.add('volumes information', base, `section of ${info.volumesSize} bytes runs past end of data (${r.length})`);
  }
  const count = warnings.fit('volumes information', base, info.volumesCount, size, sectionEnd);
  const volumes: VolumeInformation[] = [];
  for (let i = 0; i < count; i++) {
    const volume = warnings.section(null, () => readVolume(r, base, i, size, sectionEnd, version, warnings));
    if (volume) volumes.push(volume);
  }
  return volumes;
}

function readVolume(
  r: ByteReader,
  base: number,
  index: number,
  size: number,
  sectionEnd: number,
  version: FormatVersion,
  warnings: Warnings,
): VolumeInformation {
  const at = base + index * size;
  const s = `volume information entry ${index}`;
  const pathOffset = r.u32(at, s);
  const pathChars = r.u32(at + 4, s);
  if (base + pathOffset + pathChars * 2 > sectionEnd) r.fail('device path lies outside the volumes information', at, s);
  const devicePath = r.utf16(base + pathOffset, pathChars, `${s} device path`);

  const refsOffset = r.u32(at + 20, s);
  const refsSize = r.u32(at + 24, s);
  const fileReferences = warnings.section<FileReference[]>([], () =>
    readFileReferences(r, base + refsOffset, refsSize, sectionEnd, version, `${s} file references`, warnings),
  );
  const dirsOffset = r.u32(at + 28, s);
  const dirsCount = r.u32(at + 32, s);
  const directories = warnings.section<string[]>([], () =>
    readDirectoryStrings(r, base + dirsOffset, dirsCount, sectionEnd, `${s} directory strings`, warnings),
  );
  const creation = r.u64(at + 8, s);
  const serialNumber = r.u32(at + 16, s);
  const named = VOLUME_NAME.exec(devicePath);
  return {
    index,
    devicePath,
    creationTime: filetimeToIso(creation),
    serialNumber,
    devicePathConsistent: named ? BigInt(`0x${named[1] as string}`) === creation && parseInt(named[2] as string, 16) === serialNumber : null,
    fileReferences,
    directories,
  };
}

/** A u32 version, a u32 count, (version 23+: 8 unknown bytes), then count 8-byte references. */
function readFileReferences(
  r: ByteReader,
  at: number,
  size: number,
  sectionEnd: number,
  version: FormatVersion,
  s: string,
  warnings: Warnings,
): FileReference[] {
  if (size === 0) return [];
  if (at + size > sectionEnd) r.fail(`${size} bytes run past the volumes information`, at, s);
  const declared = r.u32(at + 4, s);
  const first = at + (version === 17 ? 8 : 16);
  const count = warnings.fit(s, first, declared, 8, at + size);
  const refs: FileReference[] = [];
  for (let i = 0; i < count; i++) {
    const ref = decodeFileReference(r.u64(first + i * 8, s));
    if (ref) refs.push(ref);
  }
  return refs;
}

/** Each: u16 character count, the characters, a NUL. */
function readDirectoryStrings(r: ByteReader, at: number, declared: number, sectionEnd: number, s: string, warnings: Warnings): string[] {
  // The smallest entry is 4 bytes, which bounds a count read from the file.
  const count = warnings.fit(s, at, declared, 4, sectionEnd);
  const dirs: string[] = [];
  let pos = at;
  for (let i = 0; i < count; i++) {
    // Keep the strings read so far when one runs off the section.
    if (pos + 2 > sectionEnd || pos + 2 + r.u16(pos, s) * 2 + 2 > sectionEnd) {
      warnings.add(s, pos, `directory string ${i} runs past the volumes information`);
      break;
    }
    const chars = r.u16(pos, s);
    dirs.push(r.utf16(pos + 2, chars, s));
    pos += 2 + chars * 2 + 2;
  }
  return dirs;
}
