/** The record signatures a zip walk meets (little-endian "PK" + two bytes). */
export const SIG = {
  local: 0x04034b50,
  descriptor: 0x08074b50,
  central: 0x02014b50,
  end: 0x06054b50,
  end64: 0x06064b50,
  end64Locator: 0x07064b50,
} as const;

/** The fixed part of a local file header. */
export const LOCAL_HEADER = 30;

/** A local file header, as the walk needs it. */
export interface LocalHeader {
  name: string;
  flags: number;
  method: number;
  crc: number;
  /** Compressed size, null when a data descriptor after the data gives it (bit 3). */
  compressedSize: number | null;
  /** Uncompressed size, null when a data descriptor gives it. */
  size: number | null;
  /** Sizes in the ZIP64 extra field: a data descriptor then carries 8-byte sizes. */
  zip64: boolean;
  /** Bytes of the header with its name and extra field. */
  length: number;
}

/** Bit 0: the member is encrypted. Bit 3: sizes and CRC follow the data. Bit 11: the name is UTF-8. */
export const FLAG = { encrypted: 1, descriptor: 8, utf8: 0x800 } as const;

/** The length of the local header starting at `b[0]` (its fixed part must be there). */
export const localHeaderLength = (b: Buffer): number => LOCAL_HEADER + b.readUInt16LE(26) + b.readUInt16LE(28);

/**
 * Reads the local header at `b[0]` (all `localHeaderLength` bytes present). Names are UTF-8 when
 * bit 11 says so, else read byte for byte (Latin-1) as the reader always has.
 */
export function readLocalHeader(b: Buffer): LocalHeader {
  const flags = b.readUInt16LE(6);
  const nameLength = b.readUInt16LE(26);
  const extraLength = b.readUInt16LE(28);
  const nameBytes = b.subarray(LOCAL_HEADER, LOCAL_HEADER + nameLength);
  const name = nameBytes.toString(flags & FLAG.utf8 ? 'utf8' : 'latin1');
  let compressed: number = b.readUInt32LE(18);
  let size: number = b.readUInt32LE(22);
  let zip64 = false;
  if (compressed === 0xffffffff || size === 0xffffffff) {
    const extra = zip64Extra(b.subarray(LOCAL_HEADER + nameLength, LOCAL_HEADER + nameLength + extraLength));
    if (extra) {
      zip64 = true;
      // The ZIP64 field holds only the sizes whose 32-bit field is full, uncompressed first.
      let at = 0;
      if (size === 0xffffffff && at + 8 <= extra.length) {
        size = Number(extra.readBigUInt64LE(at));
        at += 8;
      }
      if (compressed === 0xffffffff && at + 8 <= extra.length) compressed = Number(extra.readBigUInt64LE(at));
    }
  }
  const described = (flags & FLAG.descriptor) !== 0;
  return {
    name,
    flags,
    method: b.readUInt16LE(8),
    crc: b.readUInt32LE(14),
    // A writer that sets bit 3 may still fill the sizes (Java's, for stored members): they are not trusted.
    compressedSize: described ? null : compressed,
    size: described ? null : size,
    zip64,
    length: LOCAL_HEADER + nameLength + extraLength,
  };
}

/** The data of the ZIP64 extended information field (header id 1) in an extra field, if any. */
function zip64Extra(extra: Buffer): Buffer | null {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 1) return extra.subarray(at + 4, Math.min(extra.length, at + 4 + length));
    at += 4 + length;
  }
  return null;
}
