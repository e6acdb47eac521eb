import type { OutBuffer } from './out-buffer.js';
import type { RecordShape } from './record-shape.js';
import type { ValueWriter } from './value-writers.js';

/**
 * A compiled template shape: static UTF-8 pieces with a value written between each two. The
 * values are written straight from the record's bytes, so rendering builds no tree and no string.
 */
export class TextPlan {
  /** The pieces one after the other (short ones are copied from here byte by byte), and where each ends. */
  private readonly text: Uint8Array;
  private readonly ends: Int32Array;
  /** Each piece as a view of `text`, for copying longer ones at once. */
  private readonly views: Uint8Array[];

  constructor(
    /** One more piece than values. */
    pieces: Uint8Array[],
    /** Index of each written value in the record's value table. */
    private readonly values: number[],
    private readonly writers: ValueWriter[],
  ) {
    this.ends = new Int32Array(pieces.length);
    let total = 0;
    pieces.forEach((p, i) => (this.ends[i] = total += p.length));
    this.text = new Uint8Array(total);
    pieces.forEach((p, i) => this.text.set(p, this.ends[i]! - p.length));
    this.views = pieces.map((p, i) => this.text.subarray(this.ends[i]! - p.length, this.ends[i]));
  }

  /** Writes the record; false (nothing written) when a value needs the generic path. */
  write(src: Buffer, shape: RecordShape, out: OutBuffer): boolean {
    const { text, ends, values, writers } = this;
    const offsets = shape.offsets;
    const sizes = shape.sizes;
    const start = out.pos;
    let from = 0;
    for (let i = 0; ; i++) {
      const to = ends[i]!;
      out.ensure(to - from);
      const buf = out.buf;
      let pos = out.pos;
      if (to - from > 24) {
        buf.set(this.views[i]!, pos);
        pos += to - from;
      } else {
        for (let j = from; j < to; j++) buf[pos++] = text[j]!;
      }
      out.pos = pos;
      from = to;
      if (i === values.length) return true;
      const v = values[i]!;
      if (!writers[i]!(src, offsets[v]!, sizes[v]!, out)) {
        out.pos = start;
        return false;
      }
    }
  }
}
