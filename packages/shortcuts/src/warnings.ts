import { ShortcutError } from './errors.js';
import type { ParseWarning } from './model.js';

/** A damaged structure can yield one warning per item; past this many only a count is kept. */
const MAX_WARNINGS = 50;

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

  /** Runs one section; a ShortcutError becomes a warning and `fallback` is returned. */
  section<T>(fallback: T, read: () => T): T {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ShortcutError)) throw error;
      this.add(error.structure, error.offset, error.reason);
      return fallback;
    }
  }
}
