import { StructureError } from './structure-error.js';

/** A non-fatal problem in one structure; the rest of the file is still parsed. Offsets are absolute. */
export interface ParseWarning {
  structure: string;
  offset: number;
  message: string;
}

/** A damaged array can yield one warning per entry; past this many only a count is kept. */
const MAX_WARNINGS = 50;

/** One parse's warnings, bounded, with the two ways a parser recovers from a damaged structure. */
export class Warnings {
  private readonly kept: ParseWarning[] = [];
  private suppressed = 0;

  add(structure: string, offset: number, message: string): void {
    if (this.kept.length < MAX_WARNINGS) this.kept.push({ structure, offset, message });
    else this.suppressed++;
  }

  get list(): ParseWarning[] {
    if (this.suppressed === 0) return this.kept;
    return [...this.kept, { structure: 'warnings', offset: 0, message: `${this.suppressed} more warnings not listed` }];
  }

  /** Runs one section; a StructureError becomes a warning and `fallback` is returned. */
  section<T>(fallback: T, read: () => T): T {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof StructureError)) throw error;
      this.add(error.structure, error.offset, error.reason);
      return fallback;
    }
  }

  /**
   * How many `entrySize`-byte entries of a declared `count` at `offset` fit in `available` bytes;
   * warns when the declared count does not fit, so no size read from the file is trusted.
   */
  fit(structure: string, offset: number, count: number, entrySize: number, available: number): number {
    const room = offset > available ? 0 : Math.floor((available - offset) / entrySize);
    if (count <= room) return count;
    this.add(structure, offset, `declared ${count} entries of ${entrySize} bytes, only ${room} fit`);
    return room;
  }
}
