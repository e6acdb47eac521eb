import type { ByteReader } from './reader.js';

export const SUPPORTED_VERSIONS = [17, 23, 26, 30, 31] as const;
export type FormatVersion = (typeof SUPPORTED_VERSIONS)[number];

/** The 84-byte SCCA file header. */
export interface FileHeader {
  version: FormatVersion;
  /** Stored file size; compared with the real size by the parser. */
  fileSize: number;
  executableName: string;
  prefetchHash: number;
  /** Value at offset 80; 0x01 seen on boot prefetch and "Op-" files. */
  flags: number;
}

export const FILE_HEADER_SIZE = 84;

export function isScca(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && bytes[4] === 0x53 && bytes[5] === 0x43 && bytes[6] === 0x43 && bytes[7] === 0x41;
}

export function readFileHeader(r: ByteReader): FileHeader {
  r.need(0, FILE_HEADER_SIZE, 'file header');
  if (!isScca(r.data)) r.fail('missing "SCCA" signature', 4, 'file header');
  const version = r.u32(0, 'file header');
  if (!(SUPPORTED_VERSIONS as readonly number[]).includes(version)) {
    r.fail(`unsupported format version ${version}`, 0, 'file header');
  }
  return {
    version: version as FormatVersion,
    fileSize: r.u32(12, 'file header'),
    // 60 bytes: at most 29 characters and a NUL; the rest may hold remnant data.
    executableName: r.utf16z(16, 30, 'file header executable name'),
    prefetchHash: r.u32(76, 'file header'),
    flags: r.u32(80, 'file header'),
  };
}
