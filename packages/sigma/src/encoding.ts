/** Byte-level transformations of the `base64`, `base64offset` and `utf16*`/`wide` modifiers. */

export function utf16le(s: string): Buffer {
  return Buffer.from(s, 'utf16le');
}

export function utf16be(s: string): Buffer {
  const le = utf16le(s);
  for (let i = 0; i + 1 < le.length; i += 2) {
    const a = le[i]!;
    le[i] = le[i + 1]!;
    le[i + 1] = a;
  }
  return le;
}

/** `utf16`: little-endian with a byte order mark, as the specification's example shows. */
export function utf16bom(s: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le(s)]);
}

export function base64(bytes: Buffer): string {
  return bytes.toString('base64');
}

/**
 * The three encodings of `bytes` as it may sit at offsets 0, 1 and 2 of a larger base64-encoded
 * blob: characters influenced by the unknown neighbours are cut off on both ends.
 */
export function base64Offsets(bytes: Buffer): string[] {
  const out: string[] = [];
  const startCut = [0, 2, 3];
  for (let shift = 0; shift < 3; shift++) {
    const enc = Buffer.concat([Buffer.alloc(shift, 0x20), bytes]).toString('base64');
    const tail = (bytes.length + shift) % 3;
    const endCut = tail === 0 ? 0 : tail === 1 ? 3 : 2;
    out.push(enc.slice(startCut[shift]!, enc.length - endCut));
  }
  return out;
}
