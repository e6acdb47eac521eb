import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';

/*
 * Records are kept as JSON so `records()` can hand them back to the analyzers. JSON has no bigint
 * (EVTX 64-bit values, registry QWORDs, hive timestamps) and no bytes (registry value data), so
 * those travel tagged: {"$bigint":"…"} and {"$bytes":"<base64>"}. Neither tag can collide with
 * parsed content: EVTX element names cannot start with "$", and the other shapes are ours.
 */

function tag(this: unknown, key: string, value: unknown): unknown {
  const original = (this as Record<string, unknown>)[key];
  if (typeof original === 'bigint') return { $bigint: original.toString() };
  if (Buffer.isBuffer(original)) return { $bytes: original.toString('base64') };
  return value;
}

function untag(_key: string, value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    if (typeof o['$bigint'] === 'string') return BigInt(o['$bigint']);
    if (typeof o['$bytes'] === 'string') return Buffer.from(o['$bytes'], 'base64');
  }
  return value;
}

/** JSON text of a value that may hold bigints and Buffers. */
export function encodeTagged(value: unknown): string {
  return JSON.stringify(value, tag);
}

/**
 * JSON text of a value that holds no Buffers and rarely a bigint (an EVTX event): the plain
 * stringify is several times faster than one with a replacer, and throws on a bigint.
 */
export function encodeMostlyPlain(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return encodeTagged(value);
  }
}

export function decodeTagged<T>(text: string): T {
  return JSON.parse(text, untag) as T;
}

/** Records are compressed in blocks: neighbours share most of their keys, so a block packs far better than each alone. */
export const BLOCK_RECORDS = 64;
/** …and a block is closed early once this large, so one block never holds a huge registry value for long. */
export const BLOCK_BYTES = 256 * 1024;

/** A block's payloads as one JSON array text (built where the payloads are: one string posts cheaper than many). */
export function blockText(payloads: readonly string[]): string {
  return `[${payloads.join(',')}]`;
}

export function packBlock(text: string): Buffer {
  // Level 3: most of level 6's ratio on this data at about half its time (ingest is the budget).
  return deflateRawSync(Buffer.from(text, 'utf8'), { level: 3, strategy: constants.Z_DEFAULT_STRATEGY });
}

/** An EVTX chunk's or a registry hive piece's bytes, compressed (EVTX chunks shrink about twelvefold, at about 450 MB/s). */
export function packChunk(bytes: Uint8Array): Buffer {
  return deflateRawSync(bytes, { level: 1 });
}

export function unpackChunk(data: Uint8Array): Buffer {
  return inflateRawSync(data);
}

/** The payload texts of a block, in slot order. */
export function unpackBlock(data: Uint8Array): unknown[] {
  return JSON.parse(inflateRawSync(data).toString('utf8'), untag) as unknown[];
}
