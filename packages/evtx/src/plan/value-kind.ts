import { T, fixedSize } from '../binxml/value-types.js';

/** Or-ed onto a kind when the value decodes as empty (dropped when optional, `null` in JSON). */
export const EMPTY = 0x200;
/** A BinXml substitution holding a nested template instance (its values follow in the table). */
export const NESTED = 0x400;
/** A value the render plans do not handle (arrays, handles): the record takes the generic path. */
export const UNPLANNABLE = -1;

/**
 * What `decodeValue` would make of a substitution, without decoding it: the type of the Val it
 * yields (T.STRING / T.ANSI for text nodes), or-ed with EMPTY when it would be empty. Two
 * records whose values have the same kinds render through the same plan.
 */
export function valueKind(buf: Buffer, type: number, p: number, len: number): number {
  // Fixed-size types (the most common) by table: themselves when long enough, else binary.
  const w = WIDTH[type]!;
  if (w > 0) return len >= w ? type : binary(len);
  switch (type) {
    case T.NULL:
      return T.NULL | EMPTY;
    case T.STRING:
      return len < 2 || (buf[p] === 0 && buf[p + 1] === 0) ? T.STRING | EMPTY : T.STRING;
    case T.ANSI:
      return len === 0 || buf[p] === 0 ? T.ANSI | EMPTY : T.ANSI;
    case T.SID:
      return T.SID;
    case T.BINXML:
      return len === 0 ? T.BINXML | EMPTY : NESTED;
    case T.SIZE_T:
      if (len === 4) return T.HEX32;
      if (len === 8) return T.HEX64;
      return binary(len);
  }
  if (type & T.ARRAY || type === T.EVT_HANDLE || type === T.EVT_XML) return UNPLANNABLE;
  // Unknown types decode as binary.
  return binary(len);
}

const WIDTH = Int8Array.from({ length: 256 }, (_, t) => fixedSize(t));

function binary(len: number): number {
  return len === 0 ? T.BINARY | EMPTY : T.BINARY;
}
