/**
 * Zip archives start with a local file header ("PK\x03\x04") or, when empty, an end record.
 * Kept apart from zip-input.ts so the CLI loads the unzip code only for zip input.
 */
export function isZip(buf: Buffer): boolean {
  return buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && (buf[2] === 3 || buf[2] === 5) && (buf[3] === 4 || buf[3] === 6);
}
