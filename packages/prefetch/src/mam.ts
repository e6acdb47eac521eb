import { crc32 } from 'node:zlib';
import { PrefetchError } from './errors.js';
import { decompressLzxpressHuffman } from './lzxpress-huffman.js';

/**
 * The MAM container of Windows 8.1+/10/11 compressed prefetch files: "MAM" then one byte whose low
 * nibble is the compression format (4 = LZXPRESS Huffman) and whose high nibble, when set (0x84),
 * means a CRC32 follows the 8-byte header. The CRC covers the header, four zero bytes in place of
 * the CRC, and the compressed data.
 */
export interface MamHeader {
  /** "MAM\x04" or "MAM\x84". */
  signature: string;
  compressionFormat: number;
  hasChecksum: boolean;
  uncompressedSize: number;
  /** Stored CRC32, when hasChecksum. */
  storedCrc32?: number;
  /** Offset of the compressed stream in the file. */
  dataOffset: number;
}

export interface MamDecompressed {
  header: MamHeader;
  data: Uint8Array;
}

const LZXPRESS_HUFFMAN = 4;
/** Largest real prefetch seen decompresses to ~1.1 MB; anything far past that is not trusted. */
export const DEFAULT_MAX_DECOMPRESSED_SIZE = 64 * 1024 * 1024;

export function isMam(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x4d && bytes[1] === 0x41 && bytes[2] === 0x4d;
}

export function readMamHeader(bytes: Uint8Array): MamHeader {
  if (!isMam(bytes)) throw new PrefetchError('missing "MAM" signature', { format: 'MAM', structure: 'file header', offset: 0 });
  const flags = bytes[3] as number;
  const hasChecksum = (flags & 0xf0) !== 0;
  const headerSize = hasChecksum ? 12 : 8;
  if (bytes.length < headerSize) {
    throw new PrefetchError('file header is truncated', {
      format: 'MAM',
      structure: 'file header',
      offset: 0,
      needed: headerSize,
      available: bytes.length,
    });
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header: MamHeader = {
    signature: `MAM\\x${flags.toString(16).padStart(2, '0')}`,
    compressionFormat: flags & 0x0f,
    hasChecksum,
    uncompressedSize: view.getUint32(4, true),
    dataOffset: headerSize,
  };
  if (hasChecksum) header.storedCrc32 = view.getUint32(8, true);
  return header;
}

/** CRC32 over header, a zeroed CRC field and the compressed data, as the MAM\x84 variant stores it. */
export function mamChecksum(bytes: Uint8Array): number {
  let crc = crc32(bytes.subarray(0, 8));
  crc = crc32(new Uint8Array(4), crc);
  return crc32(bytes.subarray(12), crc);
}

export function decompressMam(bytes: Uint8Array, maxSize = DEFAULT_MAX_DECOMPRESSED_SIZE): MamDecompressed {
  const header = readMamHeader(bytes);
  if (header.compressionFormat !== LZXPRESS_HUFFMAN) {
    throw new PrefetchError(`unsupported compression format ${header.compressionFormat}`, {
      format: 'MAM',
      structure: 'file header',
      offset: 3,
    });
  }
  if (header.uncompressedSize > maxSize) {
    throw new PrefetchError(`uncompressed size ${header.uncompressedSize} exceeds limit ${maxSize}`, {
      format: 'MAM',
      structure: 'file header',
      offset: 4,
    });
  }
  if (header.hasChecksum) {
    const computed = mamChecksum(bytes);
    if (computed !== header.storedCrc32) {
      throw new PrefetchError(
        `CRC32 mismatch: stored 0x${(header.storedCrc32 ?? 0).toString(16).padStart(8, '0')}, computed 0x${computed.toString(16).padStart(8, '0')}`,
        { format: 'MAM', structure: 'file header', offset: 8 },
      );
    }
  }
  const data = decompressLzxpressHuffman(bytes.subarray(header.dataOffset), header.uncompressedSize);
  return { header, data };
}
