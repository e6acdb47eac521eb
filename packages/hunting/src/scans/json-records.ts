/**
 * Splits streamed JSON text into record texts without holding the whole input: one object per
 * record, whether the input is a top-level array of objects, JSON lines, or concatenated objects
 * (evtx_dump's `Record N` header lines between them are skipped). Only bracket depth and strings
 * are tracked here; each record is parsed on its own, so one bad record never stops the file.
 */
export class JsonRecordSplitter {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Depth at which the current record started (-1: not inside a record). */
  private recordDepth = -1;
  private pending: string[] = [];
  private pendingLength = 0;

  constructor(private readonly maxRecordChars = 64 * 1024 * 1024) {}

  /** Feeds the next piece of text; returns the records it completed. */
  push(text: string): string[] {
    const out: string[] = [];
    let start = this.recordDepth >= 0 ? 0 : -1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 0x5c) this.escaped = true;
        else if (c === 0x22) this.inString = false;
        continue;
      }
      if (c === 0x22) {
        if (this.recordDepth >= 0) this.inString = true;
      } else if (c === 0x7b || c === 0x5b) {
        // `{` at the top level, or inside a top-level array, starts a record.
        if (this.recordDepth < 0 && (c === 0x7b || this.depth > 0) && this.depth <= 1) {
          this.recordDepth = this.depth;
          start = i;
        }
        this.depth++;
      } else if (c === 0x7d || c === 0x5d) {
        if (this.depth > 0) this.depth--;
        if (this.recordDepth >= 0 && this.depth === this.recordDepth) {
          out.push(this.take(text, start, i + 1));
          this.recordDepth = -1;
          start = -1;
        }
      }
    }
    if (this.recordDepth >= 0 && start >= 0) {
      this.pending.push(text.slice(start));
      this.pendingLength += text.length - start;
      if (this.pendingLength > this.maxRecordChars) throw new RangeError(`a JSON record is longer than ${this.maxRecordChars} characters`);
    }
    return out;
  }

  /** True when the input ended inside a record (truncated file). */
  get truncated(): boolean {
    return this.recordDepth >= 0;
  }

  private take(text: string, start: number, end: number): string {
    const piece = text.slice(start, end);
    if (this.pending.length === 0) return piece;
    const whole = this.pending.join('') + piece;
    this.pending = [];
    this.pendingLength = 0;
    return whole;
  }
}
