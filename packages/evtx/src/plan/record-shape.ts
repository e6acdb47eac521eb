import { LIMITS, type ChunkContext } from '../binxml/chunk-context.js';
import { templateInfo } from '../binxml/template-scan.js';
import { u16le, u32le } from '../binxml/le.js';
import { TOK } from '../binxml/tokens.js';
import { NESTED, UNPLANNABLE, valueKind } from './value-kind.js';
import { MAX_HOLES } from './hole.js';

/** Nesting of template instances in BinXml values that plans follow (Windows uses 2). */
const MAX_NESTING = 6;

/**
 * The substitution values of one record, flattened in document order (a nested instance's
 * values where its BinXml value sits), and the record's shape: template ids, value counts and
 * value kinds. Reused from record to record.
 */
export class RecordShape {
  kinds: Int32Array = new Int32Array(256);
  offsets: Int32Array = new Int32Array(256);
  sizes: Int32Array = new Int32Array(256);
  /** Values in the table. */
  count = 0;
  /** Shape as numbers: per instance its template id and value count, then each value's kind. */
  private shapeBuf: Int32Array = new Int32Array(256);
  private shapeLength = 0;
  /** A hash of the shape, built as it is read. */
  hash = 0;

  /** The shape, as a copy to keep. */
  shape(): Int32Array {
    return this.shapeBuf.slice(0, this.shapeLength);
  }

  equals(other: Int32Array): boolean {
    const n = this.shapeLength;
    if (n !== other.length) return false;
    const shape = this.shapeBuf;
    for (let i = 0; i < n; i++) if (shape[i] !== other[i]) return false;
    return true;
  }

  private push(n: number): void {
    if (this.shapeLength === this.shapeBuf.length) this.shapeBuf = grow(this.shapeBuf);
    this.shapeBuf[this.shapeLength++] = n;
    this.hash = Math.imul(this.hash ^ n, 0x01000193);
  }

  private addValue(kind: number, offset: number, size: number): void {
    const n = this.count++;
    if (n === this.kinds.length) {
      this.kinds = grow(this.kinds);
      this.offsets = grow(this.offsets);
      this.sizes = grow(this.sizes);
    }
    this.kinds[n] = kind;
    this.offsets[n] = offset;
    this.sizes[n] = size;
  }

  /**
   * Reads the record's BinXml `[start, end)`: true when it is one template instance (and
   * nested instances in its BinXml values) of values plans handle, false when the record must
   * take the generic path (which also reports any damage).
   */
  read(ctx: ChunkContext, start: number, end: number): boolean {
    this.count = 0;
    this.shapeLength = 0;
    this.hash = 0x811c9dc5;
    const p = this.instance(ctx, start, end, 0);
    return p >= 0 && (p === end || ctx.buf[p] === TOK.EOF);
  }

  /** One fragment holding a template instance at `pos`; the offset past it, or -1. */
  private instance(ctx: ChunkContext, pos: number, end: number, nesting: number): number {
    if (nesting > MAX_NESTING) return -1;
    const buf = ctx.buf;
    let p = pos;
    if (p < end && buf[p] === TOK.FRAGMENT_HEADER) p += 4;
    if (p + 10 > end || buf[p] !== TOK.TEMPLATE_INSTANCE) return -1;
    const defOffset = u32le(buf, p + 6);
    p += 10;
    const def = templateInfo(ctx, defOffset);
    if (def === undefined) return -1;
    if (defOffset === p) p = def.end;
    if (p + 4 > end) return -1;
    const count = u32le(buf, p);
    p += 4;
    if (count > LIMITS.maxSubstitutions || count * 4 > end - p) return -1;
    this.push(def.id);
    this.push(count);
    let desc = p;
    p += count * 4;
    for (let i = 0; i < count; i++, desc += 4) {
      const size = u16le(buf, desc);
      const type = buf[desc + 2]!;
      if (p + size > end) return -1;
      const kind = valueKind(buf, type, p, size);
      if (kind === UNPLANNABLE) return -1;
      this.push(kind);
      if (kind === NESTED) {
        const q = this.instance(ctx, p, p + size, nesting + 1);
        if (q < 0 || (q !== p + size && buf[q] !== TOK.EOF)) return -1;
      } else {
        if (this.count >= MAX_HOLES) return -1;
        this.addValue(kind, p, size);
      }
      p += size;
    }
    return p;
  }
}

function grow(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
