/** An NTFS file reference: 48-bit MFT entry index and 16-bit sequence number. */
export interface FileReference {
  mftEntry: number;
  sequence: number;
}

/** 0 means "not set" in prefetch files and gives null. */
export function decodeFileReference(value: bigint): FileReference | null {
  if (value === 0n) return null;
  return { mftEntry: Number(value & 0xffffffffffffn), sequence: Number(value >> 48n) };
}
