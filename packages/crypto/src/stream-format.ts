import { CryptoError, IntegrityError } from './errors.js';

/**
 * Segmented stream layout (a STREAM-style online AEAD construction):
 *
 * header, 32 bytes, authenticated as associated data of every segment:
 *   0  [4]  magic "QRYS"
 *   4  u8   version (1)
 *   5  u32  plaintext segment size, big-endian (65536 when written by us)
 *   9  [16] salt: the segment key is HKDF-SHA256(data key, salt), so one data key may safely
 *           encrypt many streams
 *  25  [7]  random nonce prefix
 *
 * then segments, each AES-256-GCM(plaintext segment) || 16-byte tag. Every segment but the last
 * holds exactly `segment size` plaintext bytes; the last holds 0..segment size. Segment nonce =
 * prefix || u32 counter (big-endian) || final flag (1 on the last segment, else 0), so a dropped,
 * repeated, reordered, truncated or extended stream fails authentication.
 */
export const MAGIC = Buffer.from('QRYS', 'latin1');
export const VERSION = 1;
export const HEADER_BYTES = 32;
export const SALT_OFFSET = 9;
export const SALT_BYTES = 16;
export const PREFIX_OFFSET = 25;
export const PREFIX_BYTES = 7;
export const SEGMENT_SIZE = 64 * 1024;
export const KEY_INFO = 'quarry/stream/v1';
/** Readers accept other segment sizes in this range, so memory stays bounded on hostile input. */
const MIN_SEGMENT = 1024;
const MAX_SEGMENT = 4 * 1024 * 1024;
const MAX_COUNTER = 0xffffffff;

export interface StreamHeader {
  bytes: Buffer;
  segmentSize: number;
  salt: Buffer;
  prefix: Buffer;
}

export function buildHeader(salt: Buffer, prefix: Buffer): StreamHeader {
  const bytes = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(bytes, 0);
  bytes[4] = VERSION;
  bytes.writeUInt32BE(SEGMENT_SIZE, 5);
  salt.copy(bytes, SALT_OFFSET);
  prefix.copy(bytes, PREFIX_OFFSET);
  return { bytes, segmentSize: SEGMENT_SIZE, salt, prefix };
}

export function parseHeader(bytes: Buffer): StreamHeader {
  if (!bytes.subarray(0, 4).equals(MAGIC)) throw new IntegrityError('bad magic (not a Quarry encrypted stream)', 'stream header', 0);
  if (bytes[4] !== VERSION) throw new IntegrityError(`unsupported version ${bytes[4]}`, 'stream header', 4);
  const segmentSize = bytes.readUInt32BE(5);
  if (segmentSize < MIN_SEGMENT || segmentSize > MAX_SEGMENT) {
    throw new IntegrityError(`segment size ${segmentSize} outside ${MIN_SEGMENT}..${MAX_SEGMENT}`, 'stream header', 5);
  }
  return {
    bytes,
    segmentSize,
    salt: bytes.subarray(SALT_OFFSET, SALT_OFFSET + SALT_BYTES),
    prefix: bytes.subarray(PREFIX_OFFSET, PREFIX_OFFSET + PREFIX_BYTES),
  };
}

export function segmentNonce(prefix: Buffer, counter: number, final: boolean): Buffer {
  if (counter > MAX_COUNTER) throw new CryptoError('too many segments for one stream', 'segment');
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0);
  nonce.writeUInt32BE(counter, PREFIX_BYTES);
  nonce[11] = final ? 1 : 0;
  return nonce;
}
