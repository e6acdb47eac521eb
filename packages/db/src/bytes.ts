/** Prisma hands Bytes columns back as Uint8Array; our callers (crypto, streams) work with Buffer. */
export function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Prisma's Bytes input wants a Uint8Array backed by a plain ArrayBuffer. */
export function toBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes);
}
