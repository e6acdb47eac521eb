import { SIG } from './zip-header.js';

/** A data descriptor: where a member's data ended, and what it says of the data. */
export interface Descriptor {
  /** Bytes of the descriptor (12, 16, 20 or 24: with or without its signature, 4- or 8-byte sizes). */
  length: number;
  crc: number;
}

/** Bytes a descriptor candidate needs to be told apart: the longest form and the signature after it. */
export const DESCRIPTOR_LOOKAHEAD = 28;

const RECORD_SIGNATURES = new Set<number>([SIG.local, SIG.central, SIG.descriptor, SIG.end, SIG.end64]);

/** The descriptor forms, longest-with-signature first: [has signature, bytes of each size]. */
const FORMS: readonly (readonly [boolean, 4 | 8])[] = [
  [true, 8],
  [true, 4],
  [false, 8],
  [false, 4],
];

/**
 * The descriptor at `b[0]` of a member whose data was `dataLength` bytes, if `b` holds one: its
 * compressed size must be `dataLength` and a record (or the end of the zip, when `final`) must
 * follow it. Every form writers use is tried, so neither the ZIP64 flag nor the optional signature
 * has to be trusted.
 */
export function descriptorAt(b: Buffer, dataLength: number, final: boolean): Descriptor | null {
  for (const [signed, width] of FORMS) {
    const head = signed ? 4 : 0;
    const length = head + 4 + 2 * width;
    if (b.length < length) continue;
    if (signed && b.readUInt32LE(0) !== SIG.descriptor) continue;
    const compressed = width === 8 ? Number(b.readBigUInt64LE(head + 4)) : b.readUInt32LE(head + 4);
    if (compressed !== dataLength) continue;
    const followed = b.length >= length + 4 ? RECORD_SIGNATURES.has(b.readUInt32LE(length)) : final && b.length === length;
    if (followed) return { length, crc: b.readUInt32LE(head) };
  }
  return null;
}

const PK = Buffer.from('PK', 'latin1');

/**
 * Where the data of a member of unknown length (stored, or of a method not inflated, with a data
 * descriptor) ends inside `b`, whose first byte is data byte `before`: the first place a valid
 * descriptor starts (`descriptorAt`), found by looking only where a "PK" record signature is (the
 * descriptor's own, or the next record's after an unsigned one). Null when none is in `b` yet.
 */
export function findDescriptor(b: Buffer, before: number, final: boolean): { end: number; descriptor: Descriptor } | null {
  for (let pk = b.indexOf(PK); pk >= 0; pk = b.indexOf(PK, pk + 1)) {
    // A signature at `pk` is the descriptor's own, or the record after an unsigned 12- or 20-byte one.
    for (const end of [pk - 20, pk - 12, pk]) {
      if (end < 0) continue;
      const descriptor = descriptorAt(b.subarray(end), before + end, final);
      if (descriptor) return { end, descriptor };
    }
  }
  return null;
}
